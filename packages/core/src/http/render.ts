/** @module http/render — an operation's outcome as the HAL response a client gets. */

import type { Principal } from "../domain/principal";
import { REPLAYED_HEADER } from "../returns/idempotency/engine";
import { etagOf } from "../util/etag";
import { type LinkContext, renderReturn } from "./links";
import { renderRequestEstimate, renderReturnRequest } from "./request-links";
import type { Responder } from "./responses";
import { renderReturnable } from "./returnable-links";
import type { RouteOutcome } from "./routes";

interface RenderSetup {
  baseUrl: string;
  /** The path part of `baseUrl`, without a trailing slash. */
  mountPath: string;
  links: LinkContext;
  responder: Responder;
}

export function createRenderer(setup: RenderSetup) {
  const { baseUrl, mountPath, links, responder } = setup;

  /** `self`, and `next` (the same query with the next page's cursor) unless it is the last page. */
  function pageLinks(url: URL, nextCursor: string | null) {
    const self = `${baseUrl}${url.pathname.slice(mountPath.length)}${url.search}`;
    const found: Record<string, { href: string }> = { self: { href: self } };
    if (nextCursor) {
      const next = new URL(self);
      next.searchParams.set("cursor", nextCursor);
      found.next = { href: next.href };
    }
    return found;
  }

  function page(
    outcome: Extract<RouteOutcome, { kind: "page" }>,
    principal: Principal,
    url: URL,
    requestId: string,
  ) {
    const nextCursor = outcome.page.next_cursor;
    const body = {
      object: "list",
      data: outcome.page.data.map((record) => renderReturn(record, principal, links)),
      next_cursor: nextCursor,
      _links: pageLinks(url, nextCursor),
    };
    return responder.json(200, body, {}, requestId);
  }

  /** The response to request `requestId` (it carries its `Request-Id`). */
  return function render(
    outcome: RouteOutcome,
    principal: Principal,
    url: URL,
    requestId: string,
  ): Response {
    if (outcome.kind === "page") return page(outcome, principal, url, requestId);
    if (outcome.kind === "health") return responder.health(outcome.report, requestId);
    if (outcome.kind === "document") {
      return responder.document(outcome.status, outcome.body, outcome.headers, requestId);
    }
    if (outcome.kind === "returnable") {
      return responder.json(200, renderReturnable(outcome.order, principal, links), {}, requestId);
    }
    if (outcome.kind === "estimate") {
      return responder.json(200, renderRequestEstimate(outcome.estimate, links), {}, requestId);
    }
    if (outcome.kind === "webhook" || outcome.kind === "answer") {
      const { answer } = outcome;
      const headers = answer.replayed
        ? { ...answer.headers, [REPLAYED_HEADER]: "true" }
        : answer.headers;
      return responder.json(answer.status, answer.body, headers, requestId);
    }
    if (outcome.kind === "insights") {
      const body = { ...outcome.body, _links: pageLinks(url, outcome.body.next_cursor) };
      return responder.json(200, body, {}, requestId);
    }
    if (outcome.kind === "customer-export") {
      const body = { ...outcome.page, _links: pageLinks(url, outcome.page.next_cursor) };
      return responder.json(200, body, {}, requestId);
    }
    if (outcome.kind === "tracking") {
      return responder.json(200, outcome.receipt, {}, requestId);
    }
    if (outcome.kind === "guest-session") {
      return responder.json(201, outcome.session, {}, requestId);
    }
    if (outcome.kind === "reasons") {
      return responder.json(200, { object: "list", data: outcome.reasons }, {}, requestId);
    }
    if (outcome.kind === "return") {
      const { record } = outcome;
      const headers = { etag: etagOf(record.version) };
      return responder.json(200, renderReturn(record, principal, links), headers, requestId);
    }
    if (outcome.kind === "request") {
      const { result } = outcome;
      const headers = { ...result.headers };
      if (result.replayed) headers[REPLAYED_HEADER] = "true";
      const body = renderReturnRequest(result.request, principal, links);
      return responder.json(result.status, body, headers, requestId);
    }
    // The service built etag and location with the response it stored for replays.
    const { result } = outcome;
    const headers = { ...result.headers };
    if (result.replayed) headers[REPLAYED_HEADER] = "true";
    const body = renderReturn(result.record, principal, links);
    return responder.json(result.status, body, headers, requestId);
  };
}
