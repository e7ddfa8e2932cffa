/** @module client/staff/webhooks — endpoints: add, disable or enable, rotate a secret, test. */
import { useEffect, useState } from "preact/hooks";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { Notice } from "../shared/parts";
import type { Page } from "../types";

interface Endpoint {
  id: string;
  kind: string;
  url: string | null;
  enabled: boolean;
  managed_by: string;
  signing_secrets: number;
}

export function Webhooks() {
  const { api, i18n } = usePage();
  const [endpoints, setEndpoints] = useState<Endpoint[] | null>(null);
  const [url, setUrl] = useState("");
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const path = (id: string, rest = "") => `/v1/webhooks/endpoints/${encodeURIComponent(id)}${rest}`;

  const load = () =>
    api
      .get<Page<Endpoint>>("/v1/webhooks/endpoints")
      .then((page) => setEndpoints(page.data.filter((endpoint) => endpoint.kind === "webhook")))
      .catch((problem) => setError(describeProblem(problem, i18n)));
  useEffect(() => {
    void load();
  }, []);

  const run = async (action: () => Promise<string>) => {
    setError("");
    setDone("");
    try {
      setDone(await action());
    } catch (problem) {
      setError(describeProblem(problem, i18n));
    }
    await load();
  };
  const secretNotice = (answer: { endpoint?: { id: string }; id?: string; secret: string }) =>
    i18n.t("staff.secretOnce", {
      id: answer.endpoint?.id ?? answer.id ?? "",
      secret: answer.secret,
    });

  return (
    <section class="rk-card" aria-labelledby="rk-webhooks-heading">
      <h2 id="rk-webhooks-heading">{i18n.t("staff.webhooks")}</h2>
      <Notice kind="error">{error}</Notice>
      {done ? (
        <p class="rk-notice rk-notice-ok rk-secret" role="status">
          {done}
        </p>
      ) : null}
      <form
        class="rk-inline"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () =>
            secretNotice(await api.send("/v1/webhooks/endpoints", { url: url.trim() })),
          );
        }}
      >
        <label for="rk-endpoint-url" class="rk-visually-hidden">
          {i18n.t("staff.endpointUrl")}
        </label>
        <input
          id="rk-endpoint-url"
          type="url"
          required
          placeholder="https://"
          value={url}
          onInput={(event) => setUrl(event.currentTarget.value)}
        />
        <button type="submit" class="rk-button">
          {i18n.t("staff.addEndpoint")}
        </button>
      </form>
      <ul class="rk-returns">
        {(endpoints ?? []).map((endpoint) => (
          <li key={endpoint.id} class="rk-return" data-endpoint={endpoint.id}>
            <strong>{endpoint.id}</strong> <span class="rk-muted">{endpoint.url}</span>{" "}
            <span class="rk-badge">
              {endpoint.enabled ? i18n.t("staff.enabled") : i18n.t("staff.disabled")}
            </span>{" "}
            <span class="rk-muted">{i18n.t("staff.managedBy", { who: endpoint.managed_by })}</span>
            <div class="rk-actions">
              <button
                type="button"
                class="rk-button"
                onClick={() =>
                  run(async () => {
                    await api.send(path(endpoint.id), { enabled: !endpoint.enabled }, "PATCH");
                    return i18n.t("staff.done", {
                      action: endpoint.enabled ? i18n.t("staff.disable") : i18n.t("staff.enable"),
                    });
                  })
                }
              >
                {endpoint.enabled ? i18n.t("staff.disable") : i18n.t("staff.enable")}
              </button>
              {endpoint.managed_by === "api" ? (
                <button
                  type="button"
                  class="rk-button"
                  onClick={() =>
                    run(async () =>
                      secretNotice(await api.send(path(endpoint.id, "/secret/rotate"), {})),
                    )
                  }
                >
                  {i18n.t("staff.rotate")}
                </button>
              ) : null}
              <button
                type="button"
                class="rk-button"
                onClick={() =>
                  run(async () => {
                    const answer = await api.send<{
                      delivered: boolean;
                      status: number | null;
                      error: string | null;
                    }>(path(endpoint.id, "/test"), {});
                    return i18n.t("staff.testResult", {
                      outcome: answer.delivered
                        ? `${answer.status}`
                        : (answer.error ?? String(answer.status)),
                    });
                  })
                }
              >
                {i18n.t("staff.test")}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
