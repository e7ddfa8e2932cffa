/**
 * @module client/staff/customer-erasure — erasing a customer's personal data: a reason, then
 * a confirm step that names what cannot be undone, then the job followed (`pending`, polled)
 * until the API says `completed`.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { apiPaths } from "../api-paths";
import type { Erasure } from "../api-schemas";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { Notice } from "../shared/parts";

/** How often a pending erasure is asked after: the job runs in the service's scheduler. */
const POLL_MS = 2_000;

interface Props {
  customerId: string;
  /** Called once the erasure is complete: the customer's returns are no longer theirs. */
  onCompleted(): void;
}

export function CustomerErasure({ customerId, onCompleted }: Props) {
  const { api, i18n } = usePage();
  const [status, setStatus] = useState<Erasure["status"] | null>(null);
  const [error, setError] = useState("");
  // The form that had focus is gone once the erasure is asked for: focus goes to its status.
  const statusLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => statusLine.current?.focus(), [status]);
  const completed = () => {
    setStatus("completed");
    onCompleted();
  };
  usePendingErasure(customerId, status === "pending", completed, setError);

  const erase = async (reason: string) => {
    setError("");
    try {
      const erasure = await api.send<Erasure>(apiPaths.customerErasure(customerId), { reason });
      if (erasure.status === "completed") completed();
      else setStatus(erasure.status);
    } catch (problem) {
      setError(describeProblem(problem, i18n));
    }
  };
  return (
    <>
      <Notice kind="error">{error}</Notice>
      {status ? (
        <p
          class="rk-notice rk-notice-ok"
          role="status"
          tabIndex={-1}
          ref={statusLine}
          data-erasure={status}
        >
          {i18n.t(status === "pending" ? "staff.erasePending" : "staff.eraseCompleted")}
        </p>
      ) : (
        <ErasureForm onErase={erase} />
      )}
    </>
  );
}

/**
 * Asks `GET …/erasure` every `POLL_MS` while `pending` and the view is open. Only after this
 * page asked for the erasure: the status of a customer nobody asked to erase says `pending`
 * too (their returns still hold their data), which would be no news.
 */
function usePendingErasure(
  customerId: string,
  pending: boolean,
  onCompleted: () => void,
  onError: (message: string) => void,
) {
  const { api, i18n } = usePage();
  useEffect(() => {
    if (!pending) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      try {
        const erasure = await api.get<Erasure>(apiPaths.customerErasure(customerId));
        if (stopped) return;
        if (erasure.status === "completed") return onCompleted();
      } catch (problem) {
        if (!stopped) onError(describeProblem(problem, i18n));
      }
      if (!stopped) timer = setTimeout(ask, POLL_MS);
    };
    timer = setTimeout(ask, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [customerId, pending]);
}

/** The reason, then the confirm step; focus follows the control that replaces the one used. */
function ErasureForm({ onErase }: { onErase(reason: string): Promise<void> }) {
  const { i18n } = usePage();
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const consequence = useRef<HTMLParagraphElement>(null);
  const eraseButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (confirming) consequence.current?.focus();
    else if (opened.current) eraseButton.current?.focus();
    opened.current = true;
  }, [confirming]);
  const confirm = async () => {
    setBusy(true);
    await onErase(reason.trim());
    setBusy(false);
  };
  return (
    <form
      class="rk-action-form"
      onSubmit={(event) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <div class="rk-field">
        <label for="rk-erase-reason">{i18n.t("staff.eraseReason")}</label>
        <input
          id="rk-erase-reason"
          type="text"
          required
          maxLength={500}
          value={reason}
          disabled={confirming}
          onInput={(event) => setReason(event.currentTarget.value)}
        />
      </div>
      {confirming ? (
        <div>
          <p id="rk-erase-consequence" tabIndex={-1} ref={consequence}>
            <strong>{i18n.t("staff.eraseConsequence")}</strong>
          </p>
          <div class="rk-actions">
            <button
              type="button"
              class="rk-button rk-primary"
              aria-describedby="rk-erase-consequence"
              disabled={busy}
              onClick={confirm}
            >
              {i18n.t("staff.eraseConfirm")}
            </button>
            <button type="button" class="rk-button" onClick={() => setConfirming(false)}>
              {i18n.t("staff.eraseKeep")}
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" class="rk-button" ref={eraseButton}>
          {i18n.t("staff.erase")}
        </button>
      )}
    </form>
  );
}
