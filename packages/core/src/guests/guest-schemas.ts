/**
 * @module guests/guest-schemas — what a guest sends to find an order, and the session it gets:
 * validation, types and the OpenAPI components from one schema each.
 */
import { z } from "zod";

const given = (max: number) => z.string().trim().min(1).max(max);

/** What a guest sends: the order number, and the email or the postcode (exactly one). */
export const GuestSessionInputSchema = z
  .strictObject({
    order_number: given(100).describe("The order number as the shop's emails show it (#1001)."),
    email: given(320).optional().describe("The email address the order was placed with."),
    postcode: given(32).optional().describe("The postcode the order was delivered to."),
  })
  .refine((input) => (input.email === undefined) !== (input.postcode === undefined), {
    message: "give either email or postcode, not both and not neither",
    path: ["email"],
  })
  .meta({ id: "GuestSessionInput" });

/** A guest's lookup, trimmed. */
export type GuestSessionInput = z.output<typeof GuestSessionInputSchema>;

/** The 201 answer: the guest's bearer token for one order, and where that order is read. */
export const GuestSessionSchema = z
  .object({
    object: z.literal("guest_session"),
    /** Sent as `Authorization: Bearer <token>` to the portal routes of this order. */
    token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.int().describe("Seconds the token is valid for."),
    expires_at: z.iso.datetime(),
    order_id: z.string().describe("The one order the token may see and return from."),
    _links: z.object({ returnable: z.object({ href: z.string() }) }),
  })
  .meta({ id: "GuestSession" });

/** A guest session as `POST /v1/portal/guest-sessions` answers it. */
export type GuestSession = z.output<typeof GuestSessionSchema>;
