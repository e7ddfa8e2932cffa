/**
 * @module client/staff/endpoint-form — adding a webhook endpoint, explained where it is done:
 * which events to pick (one line each, none picked for all of them), the signing secret
 * (shown once, verified with @returnkit/webhook-verify) and what "Send test" does. A refused
 * address or choice is said in words, beside the field.
 */
import { useState } from "preact/hooks";
import { ApiProblem } from "../api";
import { apiPaths } from "../api-paths";
import type { WebhookEndpointWithSecret, WebhookEventType } from "../api-schemas";
import type { I18n } from "../i18n";
import type { MessageKey } from "../messages/en";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";

/** Every event type the API sends, in the order a return lives them (the compiler wants all). */
const EVENT_ORDER: Record<WebhookEventType, number> = {
  "return.created": 0,
  "return.submitted": 1,
  "return.flagged": 2,
  "return.unflagged": 3,
  "return.approved": 4,
  "return.label_created": 5,
  "return.rejected": 6,
  "return.cancelled": 7,
  "return.in_transit": 8,
  "return.tracking_updated": 9,
  "return.received": 10,
  "return.graded": 11,
  "return.refunded": 12,
  "return.closed": 13,
  "return.fit_signal": 14,
  "return.exchange_paid": 15,
  "return.exchange_fallen_back": 16,
  "return.exchange_released": 17,
  "return.exchange_order_recorded": 18,
  "return.exchange_hold_due": 19,
  "return.exchange_hold_released": 20,
  "customer.erased": 21,
};
const EVENTS = (Object.keys(EVENT_ORDER) as WebhookEventType[]).sort(
  (a, b) => EVENT_ORDER[a] - EVENT_ORDER[b],
);

// Quoted at run time: the bundle then holds no text that reads as an import of the package
// (the published-files check would take it for an undeclared dependency).
const VERIFY_EXAMPLE = `import { verifyWebhook } from ${JSON.stringify("@returnkit/webhook-verify")};

const event = await verifyWebhook({
  payload: await request.text(), // the raw body
  headers: request.headers,
  secret: process.env.RETURNKIT_WEBHOOK_SECRET, // whsec_…
});`;

/** What the page says when the address is not one the API sends to. */
function urlProblem(url: string, i18n: I18n): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "https:" || parsed.protocol === "http:") return "";
  } catch {
    // Not an address at all: said below.
  }
  return i18n.t("staff.endpointUrlInvalid");
}

/** A refusal of the API in words, for the field it is about when it names one. */
function refusalOf(problem: unknown, i18n: I18n): { url: string; form: string } {
  // An address inside the network, or with a user name and password in it.
  if (problem instanceof ApiProblem && problem.slug === "webhook-destination-refused")
    return { url: i18n.t("staff.endpointUrlRefused"), form: "" };
  if (problem instanceof ApiProblem && problem.slug === "invalid-body") {
    const errors = Array.isArray(problem.body.errors) ? problem.body.errors : [];
    const paths = errors.map((error) => String((error as { path?: unknown }).path ?? ""));
    if (paths.some((path) => path.startsWith("url")))
      return { url: i18n.t("staff.endpointUrlRefused"), form: "" };
  }
  return { url: "", form: describeProblem(problem, i18n) };
}

export function EndpointForm({ onAdded }: { onAdded(answer: WebhookEndpointWithSecret): void }) {
  const { api, i18n } = usePage();
  const [url, setUrl] = useState("");
  const [types, setTypes] = useState<WebhookEventType[]>([]);
  const [urlError, setUrlError] = useState("");
  const [formError, setFormError] = useState("");

  const submit = async (event: Event) => {
    event.preventDefault();
    const address = url.trim();
    const wrong = urlProblem(address, i18n);
    setUrlError(wrong);
    setFormError("");
    if (wrong) return;
    try {
      const body = { url: address, ...(types.length ? { types } : {}) };
      onAdded(await api.send<WebhookEndpointWithSecret>(apiPaths.webhookEndpoints(), body));
      setUrl("");
      setTypes([]);
    } catch (problem) {
      const refusal = refusalOf(problem, i18n);
      setUrlError(refusal.url);
      setFormError(refusal.form);
    }
  };
  const toggle = (type: WebhookEventType, on: boolean) =>
    setTypes((chosen) => (on ? [...chosen, type] : chosen.filter((t) => t !== type)));
  return (
    <form class="rk-endpoint-form" noValidate onSubmit={submit} aria-labelledby="rk-add-endpoint">
      <h3 id="rk-add-endpoint">{i18n.t("staff.addEndpoint")}</h3>
      <div class="rk-field">
        <label for="rk-endpoint-url">{i18n.t("staff.endpointUrl")}</label>
        <p id="rk-endpoint-url-hint" class="rk-muted">
          {i18n.t("staff.endpointUrlHint")}
        </p>
        <input
          id="rk-endpoint-url"
          type="url"
          placeholder="https://"
          value={url}
          aria-invalid={urlError ? "true" : undefined}
          aria-describedby={
            urlError ? "rk-endpoint-url-hint rk-endpoint-url-error" : "rk-endpoint-url-hint"
          }
          onInput={(event) => setUrl(event.currentTarget.value)}
        />
        {urlError ? (
          <p id="rk-endpoint-url-error" class="rk-field-error" role="alert">
            {urlError}
          </p>
        ) : null}
      </div>
      <fieldset class="rk-events">
        <legend>{i18n.t("staff.eventsLegend")}</legend>
        <p class="rk-muted">{i18n.t("staff.eventsHint")}</p>
        <ul class="rk-plain-list">
          {EVENTS.map((type) => (
            <li key={type}>
              <label>
                <input
                  type="checkbox"
                  value={type}
                  checked={types.includes(type)}
                  onChange={(event) => toggle(type, event.currentTarget.checked)}
                />{" "}
                <code>{type}</code> — {i18n.t(`staff.event.${type}` as MessageKey)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div class="rk-explain">
        <h4>{i18n.t("staff.secretHeading")}</h4>
        <p>{i18n.t("staff.secretExplained")}</p>
        <pre>
          <code>{VERIFY_EXAMPLE}</code>
        </pre>
        <h4>{i18n.t("staff.testHeading")}</h4>
        <p>{i18n.t("staff.testExplained")}</p>
      </div>
      {formError ? (
        <p class="rk-notice rk-notice-error" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" class="rk-button rk-primary">
        {i18n.t("staff.addEndpoint")}
      </button>
    </form>
  );
}
