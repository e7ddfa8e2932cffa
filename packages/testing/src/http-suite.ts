/**
 * @module testing/http-suite — one HTTP test suite, written once, run against every way of
 * mounting returnkit (the bare fetch handler, Hono, Express).
 *
 * A target only says how to serve a service; the suite drives the whole API through it:
 * lifecycle, branches, every forbidden transition, idempotency, and a battery of bad input
 * that must change nothing and never produce a 500. Every response it gets is checked against
 * the OpenAPI document the service serves (operation, status, media type, body schema).
 *
 * The cases live in files by what they prove (`http-cases/`, and the `cases/` groups that run
 * over HTTP); each group is tagged here with where it must run.
 */

import { afterEach, describe } from "vitest";
import { describeFitInsightsHttp } from "./cases/fit-insights-http";
import { describeOrderChecks } from "./cases/order-checks";
import { describeRequestIds } from "./cases/request-ids";
import { describeReturnMethodsOverHttp } from "./cases/return-method-http";
import { describeReturnPolicy } from "./cases/return-policy";
import { describeRequestEstimatesOverHttp } from "./cases/return-request-estimate-http";
import { describeReturnRequestsOverHttp } from "./cases/return-request-http";
import { describeReturnableLines } from "./cases/returnable-lines";
import { describeWebhookOperations } from "./cases/webhook-operations";
import { describeAuthOverHttp } from "./http-cases/auth";
import { describeBadInput } from "./http-cases/bad-input";
import { describeCustomerExportOverHttp } from "./http-cases/customer-export";
import { describeDocumentsOverHttp } from "./http-cases/documents";
import { describeErasureOverHttp } from "./http-cases/erasure";
import { describeExchangeActionsOverHttp } from "./http-cases/exchange-actions";
import { describeGuestsOverHttp } from "./http-cases/guests";
import { describeIdempotencyRules, describeIdempotentReplays } from "./http-cases/idempotency";
import { describeLifecycleOverHttp } from "./http-cases/lifecycle";
import { describeLineReasonsOverHttp } from "./http-cases/line-reasons";
import { describeMountPaths } from "./http-cases/mount";
import { describeReadsOverHttp } from "./http-cases/reads";
import { describeReasonsOverHttp } from "./http-cases/reasons";
import { describeRefundsOverHttp } from "./http-cases/refunds";
import { describeTransitionRules } from "./http-cases/transitions";
import {
  type HttpSuiteTarget,
  type MountedService,
  mountSuiteService,
  type ServeService,
} from "./http-client";

export {
  type HttpSuiteTarget,
  type MountedService,
  storeContents,
  testAuthenticate,
  testToken,
} from "./http-client";

/**
 * What a group of cases proves, which decides where it runs:
 * - `"mount"`: what a mount can get wrong — bodies, headers, methods, the base path and its
 *   links, the status and bytes of an answer. Every target runs these.
 * - `"service"`: a rule of the service, the same over every mount. A target with
 *   `cases: "mount-specific"` leaves these to one other target run in full.
 */
type Proves = "mount" | "service";

const HTTP_GROUPS: ReadonlyArray<{ cases: (serve: ServeService) => void; proves: Proves }> = [
  { cases: describeOrderChecks, proves: "service" },
  { cases: describeReturnableLines, proves: "service" },
  { cases: describeWebhookOperations, proves: "service" },
  // Bodies, keys and Location of a request's writes.
  { cases: describeReturnRequestsOverHttp, proves: "mount" },
  { cases: describeReturnMethodsOverHttp, proves: "mount" },
  { cases: describeRequestEstimatesOverHttp, proves: "mount" },
  { cases: describeRequestIds, proves: "mount" },
  { cases: describeReturnPolicy, proves: "mount" },
  // Its query strings reach the same strict schema.
  { cases: describeFitInsightsHttp, proves: "mount" },
  { cases: describeLifecycleOverHttp, proves: "mount" },
  { cases: describeTransitionRules, proves: "service" },
  // A body, a key and a form of their own: a write beside the lifecycle events.
  { cases: describeRefundsOverHttp, proves: "mount" },
  // Two more writes with bodies, keys and forms of their own.
  { cases: describeExchangeActionsOverHttp, proves: "mount" },
  { cases: describeReasonsOverHttp, proves: "service" },
  // New members of the returnable view and a new problem's body, through each mount.
  { cases: describeLineReasonsOverHttp, proves: "mount" },
  { cases: describeReadsOverHttp, proves: "service" },
  // A customer id percent-encoded in the path, and a paging query, through each mount.
  { cases: describeCustomerExportOverHttp, proves: "mount" },
  { cases: describeErasureOverHttp, proves: "mount" },
  { cases: describeAuthOverHttp, proves: "mount" },
  // The same bytes for every miss, and Retry-After, through every mount.
  { cases: describeGuestsOverHttp, proves: "mount" },
  { cases: describeDocumentsOverHttp, proves: "mount" },
  { cases: describeMountPaths, proves: "mount" },
  { cases: describeIdempotentReplays, proves: "mount" },
  { cases: describeIdempotencyRules, proves: "service" },
  { cases: describeBadInput, proves: "mount" },
];

export function runHttpConformance(target: HttpSuiteTarget) {
  describe(`HTTP API over ${target.name}`, () => {
    const allCases = (target.cases ?? "all") === "all";
    let mounted: MountedService | undefined;

    afterEach(async () => {
      await mounted?.close();
      mounted = undefined;
    });

    const serve: ServeService = async (options = {}) => {
      const client = await mountSuiteService(target, options);
      mounted = client.mounted;
      return client;
    };

    for (const group of HTTP_GROUPS) {
      if (allCases || group.proves === "mount") group.cases(serve);
    }
  });
}
