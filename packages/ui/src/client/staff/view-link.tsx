/** @module client/staff/view-link — a link to a return, a request or a customer, opened in the page. */
import type { ComponentChildren } from "preact";

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
