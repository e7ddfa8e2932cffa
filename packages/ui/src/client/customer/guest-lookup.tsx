/**
 * @module client/customer/guest-lookup — "Find your order" for a visitor without an account:
 * the order number and the email or postcode it was placed with buy a guest session for that
 * one order (`POST /v1/portal/guest-sessions`); the page then shows it as it does any order.
 */
import { useState } from "preact/hooks";
import { ApiProblem } from "../api";
import { apiPaths } from "../api-paths";
import type { I18n } from "../i18n";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";

/** The email or the postcode, told apart by the "@" an email always has. */
function sessionBody(orderNumber: string, contact: string) {
  const order_number = orderNumber.trim();
  return contact.includes("@")
    ? { order_number, email: contact.trim() }
    : { order_number, postcode: contact.trim() };
}

function lookupProblem(error: unknown, i18n: I18n): string {
  if (error instanceof ApiProblem && error.status === 404) return i18n.t("guest.notFound");
  if (error instanceof ApiProblem && error.status === 429) {
    const seconds = error.retryAfterSeconds;
    // Whole minutes, rounded up: "in 1 minute" rather than "in 0 minutes" or a count of seconds.
    return seconds === null
      ? i18n.t("guest.tooMany")
      : i18n.count("guest.tooManyFor", Math.max(1, Math.ceil(seconds / 60)));
  }
  return describeProblem(error, i18n);
}

export function GuestLookup({ onFound }: { onFound(orderId: string): void }) {
  const { api, auth, i18n } = usePage();
  const [orderNumber, setOrderNumber] = useState("");
  const [contact, setContact] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function find(event: Event) {
    event.preventDefault();
    if (!orderNumber.trim() || !contact.trim()) {
      setProblem(i18n.t("guest.incomplete"));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const session = await api.send<{ token: string; order_id: string }>(
        apiPaths.guestSessions(),
        sessionBody(orderNumber, contact),
      );
      auth.useGuestSession(session.token);
      onFound(session.order_id);
    } catch (error) {
      setProblem(lookupProblem(error, i18n));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="rk-card rk-lookup" aria-labelledby="rk-guest-title" onSubmit={find} noValidate>
      <h2 id="rk-guest-title">{i18n.t("guest.title")}</h2>
      <p>{i18n.t("guest.intro")}</p>
      <label for="rk-guest-number">{i18n.t("guest.orderNumber")}</label>
      <input
        id="rk-guest-number"
        type="text"
        autocomplete="off"
        maxLength={100}
        value={orderNumber}
        onInput={(event) => setOrderNumber(event.currentTarget.value)}
      />
      <label for="rk-guest-contact">{i18n.t("guest.contact")}</label>
      <input
        id="rk-guest-contact"
        type="text"
        autocomplete="email"
        maxLength={320}
        aria-describedby={problem ? "rk-guest-problem" : undefined}
        value={contact}
        onInput={(event) => setContact(event.currentTarget.value)}
      />
      <p id="rk-guest-problem" role="alert" class="rk-problem">
        {problem ?? ""}
      </p>
      <button type="submit" class="rk-button rk-primary" disabled={busy}>
        {busy ? i18n.t("guest.finding") : i18n.t("guest.find")}
      </button>
    </form>
  );
}
