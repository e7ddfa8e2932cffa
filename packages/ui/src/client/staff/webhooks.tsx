/**
 * @module client/staff/webhooks — endpoints: add (the form explains events, secrets and
 * tests: endpoint-form), disable or enable, rotate a secret, test.
 */
import { useEffect, useState } from "preact/hooks";
import { apiPaths } from "../api-paths";
import type {
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookTestResult,
} from "../api-schemas";
import type { I18n } from "../i18n";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { Notice } from "../shared/parts";
import { EndpointForm } from "./endpoint-form";

export function Webhooks() {
  const { api, i18n } = usePage();
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");

  const load = () =>
    api
      .get<WebhookEndpointList>(apiPaths.webhookEndpoints())
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
  return (
    <section class="rk-card" aria-labelledby="rk-webhooks-heading">
      <h2 id="rk-webhooks-heading">{i18n.t("staff.webhooks")}</h2>
      <Notice kind="error">{error}</Notice>
      {done ? (
        <p class="rk-notice rk-notice-ok rk-secret" role="status">
          {done}
        </p>
      ) : null}
      <EndpointForm
        onAdded={(answer) => {
          setError("");
          setDone(secretNotice(i18n, answer));
          void load();
        }}
      />
      <ul class="rk-returns">
        {(endpoints ?? []).map((endpoint) => (
          <EndpointItem key={endpoint.id} endpoint={endpoint} run={run} />
        ))}
      </ul>
    </section>
  );
}

/** The secret of an endpoint just created or rotated: shown this once. */
function secretNotice(i18n: I18n, answer: WebhookEndpointWithSecret): string {
  return i18n.t("staff.secretOnce", { id: answer.id, secret: answer.secret });
}

interface EndpointItemProps {
  endpoint: WebhookEndpoint;
  /** Runs an action and says what it did (or why not), then reads the endpoints again. */
  run(action: () => Promise<string>): Promise<void>;
}

/** One endpoint: where it sends, whether it is on, and what can be done with it. */
function EndpointItem({ endpoint, run }: EndpointItemProps) {
  const { api, i18n } = usePage();
  const toggle = () =>
    run(async () => {
      await api.send(
        apiPaths.webhookEndpoint(endpoint.id),
        { enabled: !endpoint.enabled },
        "PATCH",
      );
      return i18n.t("staff.done", {
        action: endpoint.enabled ? i18n.t("staff.disable") : i18n.t("staff.enable"),
      });
    });
  const rotate = () =>
    run(async () =>
      secretNotice(
        i18n,
        await api.send<WebhookEndpointWithSecret>(apiPaths.rotateEndpointSecret(endpoint.id), {}),
      ),
    );
  const sendTest = () =>
    run(async () => {
      const answer = await api.send<WebhookTestResult>(apiPaths.testEndpoint(endpoint.id), {});
      return i18n.t("staff.testResult", {
        outcome: answer.delivered ? `${answer.status}` : (answer.error ?? String(answer.status)),
      });
    });
  return (
    <li class="rk-return" data-endpoint={endpoint.id}>
      <strong>{endpoint.id}</strong> <span class="rk-muted">{endpoint.url}</span>{" "}
      <span class="rk-badge">
        {endpoint.enabled ? i18n.t("staff.enabled") : i18n.t("staff.disabled")}
      </span>{" "}
      <span class="rk-muted">{i18n.t("staff.managedBy", { who: endpoint.managed_by })}</span>
      <div class="rk-actions">
        <button type="button" class="rk-button" onClick={toggle}>
          {endpoint.enabled ? i18n.t("staff.disable") : i18n.t("staff.enable")}
        </button>
        {endpoint.managed_by === "api" ? (
          <button type="button" class="rk-button" onClick={rotate}>
            {i18n.t("staff.rotate")}
          </button>
        ) : null}
        <button type="button" class="rk-button" onClick={sendTest}>
          {i18n.t("staff.test")}
        </button>
      </div>
    </li>
  );
}
