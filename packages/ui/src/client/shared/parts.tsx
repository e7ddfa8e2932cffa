/** @module client/shared/parts — pieces both pages show: header, messages, state, timeline. */
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { describeActor } from "../actors";
import { SIGNED_OUT_EVENT, type SignedOutDetail } from "../api";
import type { HistoryEntry, Payout } from "../api-schemas";
import { codeLabel } from "../codes";
import { usePage } from "./context";
import type { TimelineMoment } from "./exchange-progress";
import { payoutSentence } from "./refund-story";

export function Header({ title }: { title: string }) {
  const { config } = usePage();
  const { brand } = config;
  return (
    <header class="rk-header">
      {brand.logoUrl ? <img class="rk-logo" src={brand.logoUrl} alt={brand.name} /> : null}
      {!brand.logoUrl && brand.name ? <span class="rk-brand">{brand.name}</span> : null}
      <h1>{title}</h1>
    </header>
  );
}

/** A message that must be heard: problems go in role=alert, confirmations in role=status. */
export function Notice({ kind, children }: { kind: "error" | "ok"; children: ComponentChildren }) {
  if (!children) return null;
  return (
    <p class={`rk-notice rk-notice-${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}

export function StateBadge({ state }: { state: string }) {
  const { i18n } = usePage();
  return <span class={`rk-badge rk-state-${state}`}>{codeLabel(i18n, "state", state)}</span>;
}

/**
 * A return's history with the payouts recorded on it and its other `moments` (an exchange's
 * payment and release), in the order they happened; `actors` adds who took each step (the back
 * office's view).
 */
export function Timeline({
  history,
  payouts = [],
  moments = [],
  label,
  actors = false,
}: {
  history: HistoryEntry[];
  payouts?: Payout[];
  moments?: readonly TimelineMoment[];
  label: string;
  actors?: boolean;
}) {
  const { i18n } = usePage();
  // What was recorded after a step, and before the next one, goes after that step.
  const within = (index: number) => (at: string) =>
    at >= history[index]!.at && (history[index + 1] === undefined || at < history[index + 1]!.at);
  return (
    <ol class="rk-timeline" aria-label={label}>
      {history.flatMap((entry, index) => {
        const here = within(index);
        return [
          <li key={entry.seq}>
            <span class="rk-timeline-event">{codeLabel(i18n, "event", entry.event)}</span>{" "}
            <time dateTime={entry.at}>{i18n.dateTime(entry.at)}</time>
            {actors && entry.actor ? (
              <span class="rk-muted"> · {describeActor(entry.actor, i18n.t)}</span>
            ) : null}
            {entry.reason_code ? (
              <span class="rk-muted"> · {codeLabel(i18n, "rejection", entry.reason_code)}</span>
            ) : null}
            {entry.note ? <span class="rk-muted"> · {entry.note}</span> : null}
          </li>,
          ...moments
            .filter((moment) => here(moment.at))
            .map((moment) => (
              <li key={moment.key} class="rk-moment" data-moment={moment.key}>
                <span class="rk-timeline-event">{moment.text}</span>{" "}
                <time dateTime={moment.at}>{i18n.dateTime(moment.at)}</time>
              </li>
            )),
          ...payouts
            .filter((payout) => here(payout.recorded_at))
            .map((payout) => (
              <li key={payout.id} class="rk-payout" data-payout-id={payout.id}>
                <span class="rk-timeline-event">{payoutSentence(payout, i18n)}</span>
                {actors ? <span class="rk-muted"> · {payout.reference}</span> : null}
              </li>
            )),
        ];
      })}
    </ol>
  );
}

/** Shown once the API says the caller is signed out: the words, and a way to sign in again. */
/**
 * Whether the API answered 401, and whether this page had been signed in before (a session
 * that ended) or never was (a visitor): null until a 401 arrives.
 */
export function useSignedOut(): SignedOutDetail | null {
  const [signedOut, setSignedOut] = useState<SignedOutDetail | null>(null);
  useEffect(() => {
    const onSignedOut = (event: Event) =>
      setSignedOut((event as CustomEvent<SignedOutDetail>).detail ?? { wasSignedIn: true });
    addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
  }, []);
  return signedOut;
}

/** A way to sign in, after a 401: "your session has ended" only when there was one. */
export function SignedOutBanner() {
  const signedOut = useSignedOut();
  if (!signedOut) return null;
  return (
    <SignInPrompt
      message={signedOut.wasSignedIn ? "auth.sessionEnded" : "auth.signInToContinue"}
      alert
    />
  );
}

/**
 * Why to sign in, and the button when the page has a way to (a session page may give no
 * sign-in address); `alert` when it interrupts the page rather than opening it.
 */
export function SignInPrompt({
  message,
  alert = false,
}: {
  message: "auth.sessionEnded" | "auth.signInToContinue" | "guest.orSignIn";
  alert?: boolean;
}) {
  const { auth, config, i18n } = usePage();
  const canSignIn = config.signIn.mode === "oauth" || Boolean(config.signIn.signInUrl);
  return (
    <section class="rk-card" role={alert ? "alert" : undefined}>
      <p>{i18n.t(message)}</p>
      {canSignIn ? (
        <button type="button" class="rk-button rk-primary" onClick={() => auth.signIn()}>
          {i18n.t("auth.signIn")}
        </button>
      ) : null}
    </section>
  );
}
