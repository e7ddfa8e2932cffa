import pino from "pino";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret } from "./delivery/signer";
import { consoleLogger } from "./observability/logging/console-logger";
import { silentLogger } from "./observability/logging/logger";
import { inMemoryOrders } from "./returns/orders/in-memory-orders";
import { createReturnsService, type ReturnsServiceOptions } from "./service";
import { memoryStore } from "./store/memory/memory-store";
import { InvalidOptionsError } from "./util/option-checks";

const SECRET = generateWebhookSecret();

/** The error `createReturnsService` throws for `options` (which the types would refuse). */
function refusal(options: unknown): InvalidOptionsError {
  try {
    createReturnsService(options as ReturnsServiceOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionsError);
    return error as InvalidOptionsError;
  }
  throw new Error("expected createReturnsService to refuse the options");
}

describe("createReturnsService options", () => {
  it('createReturnsService - maxBodyBytes "big" is refused, naming the option and the value', () => {
    const error = refusal({ maxBodyBytes: "big" });
    expect(error.message).toBe(
      'returnkit: invalid options: maxBodyBytes: expected a positive integer (bytes), got "big"',
    );
    expect(error.code).toBe("invalid_options");
    expect(error).toBeInstanceOf(TypeError);
    expect(error.issues).toEqual([
      { path: "maxBodyBytes", message: 'expected a positive integer (bytes), got "big"' },
    ]);
  });

  it("createReturnsService - a host auth's securityScheme without a type and an empty challenge are refused", () => {
    const error = refusal({
      auth: { authenticate: () => null, securityScheme: { in: "cookie" }, challenge: "" },
    });
    expect(error.issues.map((issue) => issue.path)).toEqual([
      "auth.securityScheme",
      "auth.challenge",
    ]);
  });

  it("createReturnsService - maxBodyBytes below one byte is refused", () => {
    expect(refusal({ maxBodyBytes: -1 }).message).toContain(
      "maxBodyBytes: expected a positive integer (bytes), got -1",
    );
    expect(refusal({ maxBodyBytes: 0 }).message).toContain("maxBodyBytes");
    expect(refusal({ maxBodyBytes: 1.5 }).message).toContain("maxBodyBytes");
    expect(refusal({ maxBodyBytes: Number.POSITIVE_INFINITY }).message).toContain("maxBodyBytes");
  });

  it("createReturnsService - a baseUrl that is not an absolute http(s) URL is refused", () => {
    expect(refusal({ baseUrl: "shop.example" }).message).toBe(
      'returnkit: invalid options: baseUrl: expected an absolute http(s) URL without query or fragment (https://shop.example/returns), got "shop.example"',
    );
    expect(refusal({ baseUrl: "ftp://shop.example" }).message).toContain("baseUrl");
    expect(refusal({ baseUrl: "https://shop.example/?a=1" }).message).toContain("baseUrl");
    expect(refusal({ baseUrl: "https://shop.example/#top" }).message).toContain("baseUrl");
  });

  it("createReturnsService - a webhook endpoint without a secret is refused at construction", () => {
    const error = refusal({ webhooks: { endpoints: [{ url: "https://hooks.example/in" }] } });
    expect(error.message).toContain("webhooks.endpoints[0].secret: expected a whsec_");
    expect(error.message).toContain("got undefined");
  });

  it("createReturnsService - webhook endpoints are checked: url, secret and event types", () => {
    const message = refusal({
      webhooks: {
        endpoints: [
          { url: "hooks.example", secret: SECRET },
          { url: "https://hooks.example/b", secret: "not-a-secret!" },
          { url: "https://hooks.example/c", secret: SECRET, types: ["return.shipped"] },
        ],
      },
    }).message;
    expect(message).toContain("webhooks.endpoints[0].url: expected an absolute http(s) URL");
    expect(message).toContain("webhooks.endpoints[1].secret: expected a whsec_");
    expect(message).toContain("webhooks.endpoints[2].types[0]: expected one of return.created");
    expect(message).toContain('got "return.shipped"');
  });

  it("createReturnsService - an unknown option is refused, so a typo is caught", () => {
    expect(refusal({ maxBodyByte: 1024 }).message).toBe(
      "returnkit: invalid options: maxBodyByte: unknown option",
    );
    expect(refusal({ webhooks: { timeout: 5 } }).message).toContain(
      "webhooks.timeout: unknown option",
    );
    expect(refusal({ idempotency: { ttl: 5 } }).message).toContain(
      "idempotency.ttl: unknown option",
    );
  });

  it("createReturnsService - hooks must be functions", () => {
    const message = refusal({
      onError: "log",
      clock: 5,
      orders: { source: inMemoryOrders([]) },
      exchanges: { offers: {} },
      onFitSignal: {},
      policy: { autoApprove: true },
      auth: { authenticate: "yes" },
    }).message;
    expect(message).toContain("clock: expected a function returning epoch ms, such as Date.now");
    for (const path of [
      "onError",
      "exchanges.offers",
      "onFitSignal",
      "policy.autoApprove",
      "auth.authenticate",
    ]) {
      expect(message).toContain(`${path}: expected a function`);
    }
  });

  it("createReturnsService - a logger needs pino's four level methods; anything else it has is its own", () => {
    expect(refusal({ logger: console.log }).message).toContain("logger: expected a logger");
    const message = refusal({ logger: { info: () => {}, warn: "loud" } }).message;
    for (const path of ["logger.debug", "logger.warn", "logger.error"])
      expect(message).toContain(`${path}: expected a function`);
    expect(message).not.toContain("logger.info");
    expect(refusal({ logger: { ...silentLogger, trace: "no" } }).message).toContain(
      "logger.trace: expected a function",
    );
  });

  it("createReturnsService - every bad option is named in one error", () => {
    const error = refusal({
      maxBodyBytes: "big",
      recentRecords: -5,
      idempotency: { ttlMs: 0, required: "yes" },
      webhooks: { retrySchedule: [0, -1], timeoutMs: 0, concurrency: 1.5 },
    });
    expect(error.issues.map((issue) => issue.path).sort()).toEqual([
      "idempotency.required",
      "idempotency.ttlMs",
      "maxBodyBytes",
      "recentRecords",
      "webhooks.concurrency",
      "webhooks.retrySchedule[1]",
      "webhooks.timeoutMs",
    ]);
  });

  it("createReturnsService - a store without the store methods is refused", () => {
    const message = refusal({ store: { getReturn: () => null } }).message;
    expect(message).toContain("store: expected a returnkit store");
    expect(message).toContain("commit");
    expect(refusal({ store: "memory" }).message).toContain("store: expected a returnkit store");
  });

  it("createReturnsService - a bad refund policy is refused, naming each bad member", () => {
    const error = refusal({
      policy: {
        refund: {
          restocking_fee: { percent: 120 },
          return_shipping_fee: { amount: { EURO: 495 } },
          store_credit_bonus_percent: 12.345,
          condition_deductions: { SCRATCHED: 10 },
          restocking: 5,
        },
      },
    });
    expect(error.issues.map((issue) => issue.path).sort()).toEqual([
      "policy.refund.condition_deductions.SCRATCHED",
      "policy.refund.restocking",
      "policy.refund.restocking_fee.percent",
      "policy.refund.return_shipping_fee.amount.EURO",
      "policy.refund.store_credit_bonus_percent",
    ]);
    expect(error.message).toContain("policy.refund.restocking: unknown option");
    expect(error.message).toContain("got 120");
    expect(() =>
      createReturnsService({
        policy: { refund: { restocking_fee: { percent: 12.5, waived_for_reasons: ["DAMAGED"] } } },
      }),
    ).not.toThrow();
  });

  it("createReturnsService - bad return methods are refused, naming each bad member", () => {
    const error = refusal({
      policy: {
        returnMethods: {
          by_mail: {
            address: {
              name: "Shop",
              lines: [],
              postcode: "10115",
              city: "Berlin",
              country: "Germany",
            },
          },
          drop_off: { carrier: "DHL", locator_url: "http://dhl.example/points" },
          by_courier: {},
        },
      },
    });
    expect(error.issues.map((issue) => issue.path).sort()).toEqual([
      "policy.returnMethods.by_courier",
      "policy.returnMethods.by_mail.address.country",
      "policy.returnMethods.by_mail.address.lines",
      "policy.returnMethods.drop_off.instructions",
      "policy.returnMethods.drop_off.locator_url",
    ]);
    expect(refusal({ policy: { returnMethods: {} } }).message).toContain(
      "policy.returnMethods: expected at least one of by_mail, drop_off, in_store",
    );
    expect(() =>
      createReturnsService({
        policy: { returnMethods: { in_store: { instructions: "Bring it to the shop." } } },
      }),
    ).not.toThrow();
  });

  it("createReturnsService - JWT auth options are checked", () => {
    const message = refusal({
      auth: {
        issuer: "auth.example",
        jwksUri: 5,
        algorithms: ["HS256"],
        clockToleranceSeconds: -1,
      },
    }).message;
    expect(message).toContain("auth.issuer: expected an absolute http(s) URL");
    expect(message).toContain("auth.jwksUri: expected an absolute http(s) URL");
    expect(message).toContain("auth.algorithms[0]: expected one of RS256");
    expect(message).toContain("auth.clockToleranceSeconds: expected a non-negative number");
  });

  it("createReturnsService - reason catalogue entries must be codes", () => {
    expect(refusal({ reasons: { other: ["too big"] } }).message).toContain(
      'reasons.other[0]: expected an upper-case code (WORDS_LIKE_THIS), got "too big"',
    );
    expect(refusal({ reasons: { other: ["TOO_SMALL_AT_CHEST"] } }).message).toContain(
      "reasons.other: expected reasons that are not fit reasons (reason TOO_SMALL_AT_CHEST is already a fit reason)",
    );
  });

  it("createReturnsService - a fee waived for a reason the catalogue lacks is refused, naming the option and the code", () => {
    const error = refusal({
      policy: {
        refund: {
          restocking_fee: { percent: 10, waived_for_reasons: ["DAMAGE"] },
          return_shipping_fee: {
            amount: { EUR: 495 },
            waived_for_reasons: ["DAMAGED", "GIFT", "TOO_SMALL_AT_ANKLE"],
          },
        },
      },
    });
    expect(error.issues).toEqual([
      {
        path: "policy.refund.restocking_fee.waived_for_reasons[0]",
        message:
          'expected a reason of the catalogue (the built-in reasons, or one added in reasons.other or reasons.bodyParts), got "DAMAGE"',
      },
      {
        path: "policy.refund.return_shipping_fee.waived_for_reasons[1]",
        message: expect.stringContaining('got "GIFT"'),
      },
      {
        path: "policy.refund.return_shipping_fee.waived_for_reasons[2]",
        message: expect.stringContaining('got "TOO_SMALL_AT_ANKLE"'),
      },
    ]);
    // A reason the host added to the catalogue may be waived, as a built-in one may.
    const service = createReturnsService({
      reasons: { other: ["GIFT"], bodyParts: ["ANKLE"] },
      policy: {
        refund: {
          restocking_fee: { percent: 10, waived_for_reasons: ["DAMAGED", "TOO_SMALL_AT_CHEST"] },
          return_shipping_fee: { waived_for_reasons: ["GIFT", "TOO_SMALL_AT_ANKLE", "TOO_LARGE"] },
        },
      },
    });
    expect(service.catalogue.has("GIFT")).toBe(true);
  });

  it("createReturnsService - orders, its rules and exchanges are checked", () => {
    const message = refusal({
      orders: { source: { find: () => null }, returnWindowDays: -1, eligible: "yes" },
      exchanges: { offers: () => [], whenUnavailable: "wait" },
    }).message;
    expect(message).toContain(
      "orders.source: expected an order source ({ load(orderId, { principal }) }), such as inMemoryOrders([...])",
    );
    expect(message).toContain("exchanges.whenUnavailable");
    // Offers are asked per order line: without orders there is none.
    expect(refusal({ exchanges: { offers: () => [] } }).message).toContain(
      "exchanges: expected orders too",
    );
    expect(message).toContain(
      "orders.returnWindowDays: expected a non-negative integer (days), got -1",
    );
    expect(message).toContain("orders.eligible: expected a function");
    expect(
      refusal({ orders: { source: inMemoryOrders([]), returnWindowDays: 14.5 } }).message,
    ).toContain("orders.returnWindowDays");
    expect(refusal({ orders: "erp" }).message).toContain(
      'orders: expected { source, returnWindowDays?, eligible?, reasons? }, got "erp"',
    );
  });

  it("createReturnsService - an option of earlier versions is refused naming its replacement", () => {
    const old = refusal({
      now: () => 0,
      catalog: { exchangeSizes: () => [] },
      orders: { load: () => null },
      policy: { autoApprove: () => true, returnWindowDays: 14, eligible: () => true },
      webhooks: { clock: Date, onError: () => {}, logger: console },
    });
    const said = Object.fromEntries(old.issues.map((issue) => [issue.path, issue.message]));
    expect(said).toMatchObject({
      now: "no longer an option: use clock (() => epoch ms)",
      catalog:
        "no longer an option: use exchanges ({ offers(line, order) }), which replaced catalog.exchangeSizes",
      "orders.load":
        "no longer an option: use orders.source: orders is { source, returnWindowDays?, eligible? }",
      "policy.returnWindowDays": "no longer an option: use orders.returnWindowDays",
      "policy.eligible": "no longer an option: use orders.eligible",
      "webhooks.clock":
        "no longer an option: use clock, the service's (() => epoch ms), which the dispatcher runs on",
      "webhooks.onError":
        "no longer an option: use onError, the service's, which the dispatcher reports through",
      "webhooks.logger":
        "no longer an option: use logger, the service's, which the dispatcher logs through",
    });
    // A key that never was an option still reads as unknown.
    expect(refusal({ nowish: 1 }).issues).toEqual([{ path: "nowish", message: "unknown option" }]);
  });

  it("createReturnsService - one webhook endpoint configured twice is refused", () => {
    expect(
      refusal({
        webhooks: {
          endpoints: [
            { url: "https://hooks.example/a", secret: SECRET },
            { url: "https://hooks.example/a", secret: SECRET, types: ["return.closed"] },
          ],
        },
      }).message,
    ).toContain(
      "webhooks.endpoints[1]: expected each endpoint once, but https://hooks.example/a is configured twice",
    );
  });

  it("createReturnsService - subscribers are a service option, checked like the rest", () => {
    const handle = () => {};
    expect(refusal({ subscribers: [{ name: "refunds" }] }).message).toContain(
      "subscribers[0].handle: expected a function",
    );
    expect(
      refusal({
        subscribers: [
          { name: "refunds", handle },
          { name: "refunds", handle },
        ],
      }).message,
    ).toContain("subscribers[1]: expected each subscriber name once");
    // One place to give them: not also among the webhook options.
    expect(refusal({ webhooks: { subscribers: [{ name: "refunds", handle }] } }).message).toContain(
      "webhooks.subscribers: unknown option",
    );
  });

  it("createReturnsService - the configurations the documentation shows construct", async () => {
    const valid: ReturnsServiceOptions[] = [
      {},
      { baseUrl: "https://shop.example/returns/", maxBodyBytes: 64 * 1024, recentRecords: 0 },
      { store: memoryStore(), auth: { authenticate: () => null }, clock: () => 0 },
      {
        auth: {
          issuer: "https://auth.example",
          jwksUri: "https://auth.example/jwks",
          audience: ["https://shop.example"],
          algorithms: ["ES256"],
          typ: false,
        },
        idempotency: { required: false, ttlMs: 3_600_000 },
        reasons: { bodyParts: ["ANKLE"], other: ["GIFT"] },
        policy: { autoApprove: () => true },
        orders: { source: inMemoryOrders([]), returnWindowDays: 14, eligible: () => true },
        exchanges: { offers: () => [], whenUnavailable: "store_credit" },
        onError: () => {},
        onFitSignal: () => {},
        webhooks: {
          endpoints: [
            { url: "https://hooks.example/a", secret: SECRET },
            {
              url: "http://127.0.0.1:9/b",
              secret: [SECRET, generateWebhookSecret()],
              types: ["return.created", "return.closed"],
            },
          ],
          retrySchedule: [0, 1_000],
          timeoutMs: 5_000,
          allowedDestinations: ["127.0.0.1", "10.0.0.0/8", "hooks.corp.internal"],
        },
        subscribers: [{ name: "refunds", types: ["return.closed"], handle: async () => {} }],
        logger: consoleLogger({ level: "warn" }),
      },
      { logger: pino({ level: "silent" }) },
    ];
    for (const options of valid) {
      const service = createReturnsService(options);
      await service.close();
    }
  });
});
