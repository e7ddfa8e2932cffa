/**
 * @module http/routes/guest-routes — the guest's way in: find an order by its number and email
 * or postcode, for a bearer token limited to that order. Served only when the host configures
 * `guests`.
 */
import { GuestSessionInputSchema, GuestSessionSchema } from "../../guests/guest-schemas";
import type { RouteDefinition, RouteHandler } from "./route-definition";

const createGuestSessionHandler: RouteHandler = async (operations, { body, clientAddress }) => {
  if (!operations.guests) throw new Error("guest sessions are routed only when configured");
  return { kind: "guest-session", session: await operations.guests.create(body, clientAddress) };
};

export function guestRoutes(): RouteDefinition[] {
  return [
    {
      operationId: "createGuestSession",
      method: "POST",
      path: "/v1/portal/guest-sessions",
      // Public: the guest has no credentials yet; the order number and email are the proof.
      caller: null,
      access: "write",
      summary: "Find an order by its number and email or postcode, for a guest's bearer token",
      body: GuestSessionInputSchema,
      success: {
        status: 201,
        schema: GuestSessionSchema,
        description:
          "A bearer token for this order only (its returnable view, its returns and requests), valid for `expires_in` seconds",
      },
      problems: [404, 429, 502],
      handler: createGuestSessionHandler,
    },
  ];
}
