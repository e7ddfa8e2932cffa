/**
 * @module client/staff/view-link — a link to a return, a request or a customer, opened in the
 * page, and the way back to the queue from one of them.
 */
import type { ComponentChildren } from "preact";
import { usePage } from "../shared/context";

interface Props {
  kind: "return" | "request" | "customer";
  id: string;
  onOpen(id: string): void;
  children?: ComponentChildren;
  /** The link's name, when its text alone would not say where it goes. */
  label?: string;
}

export function ViewLink({ kind, id, onOpen, children, label }: Props) {
  return (
    <a
      href={`?${kind}=${encodeURIComponent(id)}`}
      aria-label={label}
      onClick={(event) => {
        event.preventDefault();
        onOpen(id);
      }}
    >
      {children ?? id}
    </a>
  );
}

/** "← Back" above a return, a request or a customer: to the queue the view was opened from. */
export function BackLink({ onBack }: { onBack(): void }) {
  const { i18n } = usePage();
  return (
    <p>
      <button type="button" class="rk-link" onClick={onBack}>
        ← {i18n.t("staff.back")}
      </button>
    </p>
  );
}
