/** @module client/staff/view-link — a link to a return or a request, opened in the page. */
import type { ComponentChildren } from "preact";

interface Props {
  kind: "return" | "request";
  id: string;
  onOpen(id: string): void;
  children?: ComponentChildren;
}

export function ViewLink({ kind, id, onOpen, children }: Props) {
  return (
    <a
      href={`?${kind}=${encodeURIComponent(id)}`}
      onClick={(event) => {
        event.preventDefault();
        onOpen(id);
      }}
    >
      {children ?? id}
    </a>
  );
}
