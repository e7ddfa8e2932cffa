/**
 * @module http/test-support/typed-client-program — a small program a user would write against
 * a client generated from the served OpenAPI document (openapi-typescript + openapi-fetch).
 *
 * It is source text, not a module of this package: it imports `./api`, the types generated
 * at test time. The typed-client test type-checks it against those types, then runs it.
 */
export const TYPED_CLIENT_PROGRAM = `
import createClient from "openapi-fetch";
import type { components, paths } from "./api";

type Problem = components["schemas"]["Problem"];

export interface Outcome {
  id: string;
  quantity: number;
  state: components["schemas"]["ReturnState"];
  refusal: { status: number; type: string; allowedEvents: string[] | undefined } | undefined;
}

export async function createAndSubmit(
  fetch: (request: Request) => Promise<Response>,
  baseUrl: string,
  authorization: string,
): Promise<Outcome> {
  const client = createClient<paths>({ baseUrl, fetch, headers: { authorization } });

  // No quantity: the body's default (1) makes it optional.
  const created = await client.POST("/v1/portal/returns", {
    params: { header: { "Idempotency-Key": "typed-client-create" } },
    body: {
      order_id: "ord_typed",
      line: { sku: "TEE-M" },
      reason: "TOO_SMALL",
      resolution: "REFUND",
    },
  });
  if (!created.data) throw new Error(\`create answered \${created.response.status}\`);
  const { id } = created.data;

  const submitted = await client.POST("/v1/portal/returns/{id}/submit", {
    params: { path: { id }, header: { "Idempotency-Key": "typed-client-submit" } },
  });
  if (!submitted.data) throw new Error(\`submit answered \${submitted.response.status}\`);

  // Submitting twice is refused; the problem's extension members are typed.
  const again = await client.POST("/v1/portal/returns/{id}/submit", {
    params: { path: { id }, header: { "Idempotency-Key": "typed-client-submit-again" } },
  });
  const problem: Problem | undefined = again.error;
  const allowedEvents: string[] | undefined = problem?.allowed_events;

  return {
    id,
    quantity: created.data.line.quantity,
    state: submitted.data.state,
    refusal: problem
      ? { status: problem.status, type: problem.type, allowedEvents }
      : undefined,
  };
}
`;
