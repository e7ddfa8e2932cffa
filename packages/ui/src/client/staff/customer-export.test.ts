import {
  createReturnsService,
  joinCustomerExportPages,
  type Principal,
  type ReturnsService,
} from "@returnkit/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Api } from "../api";
import { apiPaths } from "../api-paths";
import type { CustomerExportPage } from "../api-schemas";
import { exportFileName, joinExportPages, readCustomerExport } from "./customer-export";

const BASE = "https://shop.example";
const alice: Principal = { kind: "portal", id: "alice", scopes: ["portal:returns.write"] };
const staff: Principal = { kind: "merchant", id: "dpo", scopes: ["merchant:returns.read"] };

describe("a customer's export in the back office", () => {
  let service: ReturnsService;
  /** The client's reads, answered by the service in-process; each path it asked for. */
  const asked: string[] = [];
  const api: Api = {
    async get<T>(path: string) {
      asked.push(path);
      const response = await service.fetch(new Request(new URL(path, BASE)));
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    },
    send: () => Promise.reject(new Error("the export only reads")),
  };

  beforeAll(async () => {
    service = createReturnsService({
      baseUrl: BASE,
      idempotency: { required: false },
      auth: { authenticate: () => staff },
    });
    for (const sku of ["TEE-BLK", "JEANS-SLIM", "DRESS-RED"]) {
      const line = { sku, size: "M" };
      const input = {
        order_id: "ord_1",
        line,
        reason: "CHANGED_MIND",
        resolution: "REFUND" as const,
      };
      await service.createReturn(input, { principal: alice });
    }
  });
  afterAll(() => service.close());

  test("readCustomerExport - reads every page and holds each return once", async () => {
    asked.length = 0;
    const exported = await readCustomerExport(api, "alice");
    expect(asked[0]).toBe(apiPaths.customerExport("alice", { limit: 100 }));
    expect(exported.schema).toBe("returnkit.customer-export/1");
    expect(exported.returns.map((one) => one.line.sku).sort()).toEqual([
      "DRESS-RED",
      "JEANS-SLIM",
      "TEE-BLK",
    ]);
    expect(exported).not.toHaveProperty("_links");
  });

  test("joinExportPages - joins pages as core's joinCustomerExportPages does", async () => {
    const pages: CustomerExportPage[] = [];
    let next: string | undefined = apiPaths.customerExport("alice", { limit: 1 });
    while (next) {
      const page: CustomerExportPage = await api.get<CustomerExportPage>(next);
      pages.push(page);
      next = page._links.next?.href;
    }
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const core = joinCustomerExportPages(pages);
    expect(joinExportPages(pages)).toEqual(JSON.parse(JSON.stringify(core)));
  });

  test("exportFileName - names the customer, never a path", () => {
    expect(exportFileName("alice")).toBe("customer-alice-export.json");
    expect(exportFileName("a/b c")).toBe("customer-a_b_c-export.json");
  });
});
