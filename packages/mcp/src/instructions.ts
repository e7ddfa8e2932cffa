/** @module instructions — what the server tells a model about returns before it calls a tool. */
export const INSTRUCTIONS = `This server manages product returns for a shop.

A return covers one line of one order and moves through states:
draft -> submitted -> approved -> in_transit -> received -> graded -> closed.
A customer starts a draft (start_return), may change it (update_return), then submits it
(submit_return), and may cancel it (cancel_return) until it is shipped. The back office
works the queue (list_returns with state "submitted"), approves or rejects, and records the
shipment, the receipt, the grade and the close; flag_return holds a return for review and
unflag_return puts it back where it was.

Every result carries allowed_events: the actions you may take on that return now, each a tool
named <event>_return. Every write takes an idempotency_key: choose a new one per action and
reuse it only to retry that same action (a retry then answers replayed: true and changes
nothing). Pass expected_version (the return's version you read) to act only if nobody changed
it since. A refused action comes back as an error result whose problem says why (type, detail,
allowed_events, returnable_quantity, ...): read it and adjust instead of repeating the call.`;
