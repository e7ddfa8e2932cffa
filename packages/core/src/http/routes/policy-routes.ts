/**
 * @module http/routes/policy-routes — the shop's return policy, published for anyone (product
 * pages, merchant listings, the customer before buying): public and cacheable.
 *
 * One representation per URL: `?format=jsonld` is schema.org `MerchantReturnPolicy` JSON-LD,
 * anything else the JSON `ReturnPolicy`. The Accept header is not consulted, so a shared cache
 * (which keys on the URL) never serves one form for the other and needs no `Vary`.
 */

import {
  MerchantReturnPolicySchema,
  ReturnPolicyQuerySchema,
  ReturnPolicySchema,
} from "../../policy/published-policy-schema";
import { parseInput } from "../../returns/parse-input";
import { evaluatePreconditions, strongEntityTag } from "../conditional";
import type { RouteDefinition, RouteHandler } from "./route-definition";

const RETURN_POLICY_PATH = "/v1/return-policy";
const JSON_LD_TYPE = "application/ld+json";
/** The policy changes only when the service restarts with other options. */
const CACHE_CONTROL = "public, max-age=300";

const policyHandler: RouteHandler = async (operations, { query, headers }) => {
  const { format = "json" } = parseInput(ReturnPolicyQuerySchema, query, "query");
  const policy = operations.returnPolicy;
  const jsonLd = format === "jsonld";
  const body = JSON.stringify(jsonLd ? policy.jsonLd : policy.json);
  const etag = await strongEntityTag(body);
  const cache = { etag, "cache-control": CACHE_CONTROL };
  if (evaluatePreconditions(headers, etag) === "not-modified") {
    return { kind: "document", status: 304, body: null, headers: cache };
  }
  const contentType = jsonLd ? JSON_LD_TYPE : "application/json";
  return {
    kind: "document",
    status: 200,
    body,
    headers: { "content-type": contentType, ...cache },
  };
};

export function policyRoutes(): RouteDefinition[] {
  return [
    {
      operationId: "getReturnPolicy",
      method: "GET",
      path: RETURN_POLICY_PATH,
      caller: null,
      access: "read",
      summary: "The shop's return policy, as the service enforces it (public, cacheable)",
      query: ReturnPolicyQuerySchema,
      success: {
        status: 200,
        schema: ReturnPolicySchema,
        description:
          "The policy: window, final sale, resolutions, return methods and fees. With `format=jsonld`, schema.org `MerchantReturnPolicy` JSON-LD for product pages.",
        alternates: [{ mediaType: JSON_LD_TYPE, schema: MerchantReturnPolicySchema }],
      },
      cacheable: true,
      handler: policyHandler,
    },
  ];
}
