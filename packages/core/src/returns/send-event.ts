/** @module returns/send-event — one lifecycle event sent to a return, once per Idempotency-Key. */

import { EVENT_CALLER, type ReturnEvent } from "../domain/machine";
import { assertScope } from "../domain/principal";
import { EVENT_BODY_SCHEMAS, type ReturnSchemas } from "../domain/schemas";
import type { IdempotencyEngine, IdempotentOutcome, WriteOutcome } from "./idempotency/engine";
import { parseInput } from "./parse-input";
import type { EventBody } from "./record-changes";
import type { OperationContext, WriteTargets } from "./types";
import { transition, type WritePathDeps } from "./write-path";

interface SendEventDeps extends WritePathDeps {
  schemas: ReturnSchemas;
  idempotency: IdempotencyEngine;
  ready: () => Promise<void>;
  targets: WriteTargets;
}

/** Validates `rawBody` for `event`, then applies the event to the latest version of `id`. */
export async function sendEvent(
  deps: SendEventDeps,
  id: string,
  event: ReturnEvent,
  rawBody: unknown,
  ctx: OperationContext,
): Promise<IdempotentOutcome> {
  assertScope(ctx.principal, EVENT_CALLER[event], "write");
  const bodySchema = event === "update" ? deps.schemas.UpdateReturn : EVENT_BODY_SCHEMAS[event];
  const body = parseInput(bodySchema, rawBody ?? {}, "body") as EventBody;
  await deps.ready();
  return deps.idempotency.run(
    {
      principal: ctx.principal,
      ...deps.targets.event(event, id),
      key: ctx.idempotencyKey,
      body: rawBody ?? {},
    },
    async (key): Promise<WriteOutcome> => {
      const outcome = await transition(deps, id, event, ctx, key, body);
      if (outcome.kind === "key-taken") return outcome;
      return { kind: "response", response: deps.respond(outcome.record, 200) };
    },
  );
}
