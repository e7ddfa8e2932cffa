/**
 * `orders.reasons`: the host narrows the reasons per line (by product type, by a function of
 * the line); a reason outside them is refused on create, update and in a request, and the
 * returnable view offers only them. The published policy does not change.
 */
import { T0 } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import type { Principal } from "../../domain/principal";
import { isProblemError, type ProblemError } from "../../domain/problems";
import { createReturnsService } from "../../service";
import type { ReturnsServiceOptions } from "../../service-options";
import { InvalidOptionsError } from "../../util/option-checks";
import { inMemoryOrders } from "./in-memory-orders";
import type { OrderInput } from "./order-schema";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };

const ORDER: OrderInput = {
  id: "ord_1",
  customer_id: "user-1",
  placed_at: new Date(T0 - 86_400_000).toISOString(),
  lines: [
    { sku: "TEE", size: "M", quantity: 2, product_type: "T-shirt" },
    { sku: "BOOT", size: "42", quantity: 2, product_type: "Shoes", tags: ["leather"] },
    { sku: "MUG", quantity: 2 },
  ],
};

const SHOP_REASONS = {
  byProductType: {
    "T-shirt": ["TOO_SMALL", "TOO_LARGE", "CHEST", "SHOULDERS", "SLEEVES", "LENGTH"],
    Shoes: ["FOOT", "TOE", "WIDTH"],
  },
};

function service(reasons?: NonNullable<ReturnsServiceOptions["orders"]>["reasons"]) {
  return createReturnsService({
    idempotency: { required: false },
    orders: { source: inMemoryOrders([ORDER]), reasons },
    clock: () => T0,
  });
}

async function problemOf(promise: Promise<unknown>): Promise<ProblemError> {
  try {
    await promise;
  } catch (error) {
    if (isProblemError(error)) return error;
    throw error;
  }
  throw new Error("expected a problem");
}

const create = (sku: string, size: string | null, reason: string) => ({
  order_id: "ord_1",
  line: { sku, ...(size ? { size } : {}) },
  reason,
  resolution: "REFUND" as const,
});

describe("orders.reasons", () => {
  it("options - an unknown reason code or body part is refused at startup, naming the product type and what the catalogue has", () => {
    let error: unknown;
    try {
      service({ byProductType: { Shoes: ["FOOT", "ANKLE"], "T-shirt": ["CHEST"] } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidOptionsError);
    const message = (error as Error).message;
    expect(message).toContain(
      "orders.reasons.byProductType.Shoes: expected reason codes or body parts of the catalogue, got ANKLE",
    );
    expect(message).toContain("body parts: CHEST, WAIST");
    expect(message).not.toContain("T-shirt");
    expect(() => service({ byProductType: { Shoes: "FOOT" as never } })).toThrow(
      /orders\.reasons\.byProductType\.Shoes: expected an array of reason codes or body parts/,
    );
    expect(() => service({ forLine: ["FOOT"] as never })).toThrow(
      /orders\.reasons\.forLine: expected a function/,
    );
  });

  it("options - a body part the host added to the catalogue may narrow", () => {
    const withAnkle = createReturnsService({
      reasons: { bodyParts: ["ANKLE"] },
      orders: { source: inMemoryOrders([ORDER]), reasons: { byProductType: { Shoes: ["ANKLE"] } } },
    });
    expect(withAnkle.catalogue.bodyParts).toContain("ANKLE");
  });

  it("create - a reason outside the line's product type is a 422 naming the line and what it allows; one inside is created", async () => {
    const returns = service(SHOP_REASONS);
    const problem = await problemOf(
      returns.createReturn(create("TEE", "M", "TOO_LONG_AT_FOOT"), { principal: customer }),
    );
    expect(problem.status).toBe(422);
    expect(problem.slug).toBe("reason-not-allowed");
    expect(problem.message).toBe(
      "TOO_LONG_AT_FOOT is not a reason for TEE (size M). It allows fit reasons TOO_SMALL, TOO_LARGE, TOO_TIGHT, TOO_LOOSE, TOO_SHORT, TOO_LONG at CHEST, SHOULDERS, SLEEVES, LENGTH; and DAMAGED, DEFECTIVE, WRONG_ITEM, NOT_AS_DESCRIBED, CHANGED_MIND, ARRIVED_LATE, OTHER (allowed_reasons lists the codes).",
    );
    const body = problem.toJSON();
    expect(body).toMatchObject({
      order_id: "ord_1",
      sku: "TEE",
      size: "M",
      reason: "TOO_LONG_AT_FOOT",
    });
    expect(body.allowed_reasons).toContain("TOO_SMALL");
    expect(body.allowed_reasons).toContain("TOO_LONG_AT_SLEEVES");
    expect(body.allowed_reasons).not.toContain("TOO_LONG_AT_INSEAM");
    expect(body.errors).toEqual([{ path: "reason", message: "not allowed for TEE (size M)" }]);
    expect((await returns.list({}, { principal: customer })).data).toEqual([]);

    const made = await returns.createReturn(create("TEE", "M", "TOO_LONG_AT_SLEEVES"), {
      principal: customer,
    });
    expect(made.record.reason).toBe("TOO_LONG_AT_SLEEVES");
    // Shoes: fit only at the foot, but they may still arrive damaged; a mug has no rule.
    await expect(
      returns.createReturn(create("BOOT", "42", "TOO_SMALL"), { principal: customer }),
    ).rejects.toMatchObject({ slug: "reason-not-allowed" });
    await returns.createReturn(create("BOOT", "42", "TOO_TIGHT_AT_WIDTH"), { principal: customer });
    await returns.createReturn(create("BOOT", "42", "DAMAGED"), { principal: customer });
    await returns.createReturn(create("MUG", null, "TOO_LONG_AT_INSEAM"), { principal: customer });
  });

  it("update - a draft's reason changed to one outside the line's is refused and the draft keeps its own", async () => {
    const returns = service(SHOP_REASONS);
    const { record } = await returns.createReturn(create("TEE", "M", "TOO_SMALL_AT_CHEST"), {
      principal: customer,
    });
    const problem = await problemOf(
      returns.updateDraft(record.id, { reason: "TOO_SHORT_AT_INSEAM" }, { principal: customer }),
    );
    expect(problem).toMatchObject({ status: 422, slug: "reason-not-allowed" });
    expect((await returns.get(record.id, { principal: customer })).reason).toBe(
      "TOO_SMALL_AT_CHEST",
    );
    const updated = await returns.updateDraft(
      record.id,
      { reason: "TOO_LOOSE_AT_SHOULDERS" },
      { principal: customer },
    );
    expect(updated.record.reason).toBe("TOO_LOOSE_AT_SHOULDERS");
  });

  it("request - a refused line is named by its index with what it allows, and nothing is written", async () => {
    const returns = service(SHOP_REASONS);
    const problem = await problemOf(
      returns.createReturnRequest(
        {
          order_id: "ord_1",
          lines: [
            {
              line: { sku: "TEE", size: "M" },
              quantity: 1,
              reason: "TOO_SMALL_AT_CHEST",
              resolution: "REFUND",
            },
            {
              line: { sku: "BOOT", size: "42" },
              quantity: 1,
              reason: "TOO_LONG_AT_SLEEVES",
              resolution: "REFUND",
            },
          ],
        },
        { principal: customer },
      ),
    );
    expect(problem).toMatchObject({ status: 422, slug: "return-request-refused" });
    const [line] = problem.toJSON().lines as Array<Record<string, unknown>>;
    expect(line).toMatchObject({
      index: 1,
      status: 422,
      type: "urn:returnkit:problem:reason-not-allowed",
      sku: "BOOT",
      reason: "TOO_LONG_AT_SLEEVES",
    });
    expect(line?.allowed_reasons).toContain("TOO_TIGHT_AT_WIDTH");
    expect(problem.toJSON().lines).toHaveLength(1);
    expect((await returns.list({}, { principal: customer })).data).toEqual([]);
  });

  it("forLine - narrows by anything on the line; with byProductType a line allows what both allow", async () => {
    const seen: string[] = [];
    const returns = service({
      ...SHOP_REASONS,
      forLine: (line, order) => {
        seen.push(`${order.id}/${line.sku}`);
        if (line.product.tags.includes("leather")) return ["TOO_TIGHT_AT_FOOT", "DEFECTIVE"];
        return line.sku === "MUG" ? ["DAMAGED", "CHANGED_MIND"] : null;
      },
    });
    const view = await returns.returnableLines("ord_1", { principal: customer });
    const [tee, boot, mug] = view.lines;
    expect(tee?.reasons.fit?.body_parts).toEqual(["CHEST", "SHOULDERS", "SLEEVES", "LENGTH"]);
    // The boot: its type allows fit at the foot, its tags fit at the foot tight only.
    expect(boot?.reasons).toEqual({
      codes: ["TOO_TIGHT_AT_FOOT", "DEFECTIVE"],
      categories: ["FIT", "DEFECTIVE"],
      fit: {
        directions: ["TOO_TIGHT"],
        body_parts: ["FOOT"],
        reasons: [{ code: "TOO_TIGHT_AT_FOOT", direction: "TOO_TIGHT", body_part: "FOOT" }],
      },
    });
    expect(mug?.reasons.categories).toEqual(["FIT", "DAMAGED", "CHANGED_MIND"]);
    expect(seen).toEqual(["ord_1/TEE", "ord_1/BOOT", "ord_1/MUG"]);
    await expect(
      returns.createReturn(create("MUG", null, "WRONG_ITEM"), { principal: customer }),
    ).rejects.toMatchObject({ slug: "reason-not-allowed" });
    await returns.createReturn(create("MUG", null, "CHANGED_MIND"), { principal: customer });
  });

  it("forLine - an answer with codes the catalogue lacks is the host's defect: a 502, nothing written", async () => {
    const returns = service({ forLine: () => ["TOO_TIGHT_AT_ANKLE"] });
    const problem = await problemOf(
      returns.createReturn(create("TEE", "M", "DAMAGED"), { principal: customer }),
    );
    expect(problem).toMatchObject({ status: 502, slug: "order-source-invalid" });
    expect(String((problem.cause as Error).message)).toContain(
      'orders.reasons.forLine("TEE") answered codes the catalogue does not have (TOO_TIGHT_AT_ANKLE)',
    );
    await expect(returns.returnableLines("ord_1", { principal: customer })).rejects.toMatchObject({
      status: 502,
    });
  });

  it("returnable - without a rule every line offers the whole catalogue", async () => {
    const returns = service();
    const view = await returns.returnableLines("ord_1", { principal: customer });
    for (const line of view.lines) expect(line.reasons.codes).toEqual(returns.catalogue.codes);
  });

  it("policy - the published policy is byte-identical with and without a narrowing rule", async () => {
    const read = async (reasons?: typeof SHOP_REASONS) => {
      const returns = service(reasons);
      const responses = await Promise.all(
        ["application/json", "application/ld+json"].map((accept) =>
          returns.fetch(new Request("http://localhost/v1/return-policy", { headers: { accept } })),
        ),
      );
      return Promise.all(
        responses.map(async (response) => [response.status, await response.text()]),
      );
    };
    const plain = await read();
    expect(plain[0]?.[0]).toBe(200);
    expect(await read(SHOP_REASONS)).toEqual(plain);
  });
});
