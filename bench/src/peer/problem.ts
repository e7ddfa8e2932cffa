/** @module bench/peer/problem — the peer's refusals: a problem+json answer with a status. */
export const problem = (status: number, title: string): Response =>
  new Response(JSON.stringify({ type: "about:blank", title, status }), {
    status,
    headers: { "content-type": "application/problem+json" },
  });
