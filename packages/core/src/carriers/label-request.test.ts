import { carrierLabelRequest } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { assertLabelRequest, labelRequestIssues } from "./label-request";

describe("labelRequestIssues", () => {
  it("finds nothing wrong with a complete request", () => {
    expect(labelRequestIssues(carrierLabelRequest())).toEqual([]);
  });

  it("names every problem at once", () => {
    const request = carrierLabelRequest({
      parcels: [{ weight_grams: 0.5 }],
      items: [
        {
          description: "",
          quantity: 0,
          value: { amount: 23.25, currency: "usd" },
          weight_grams: 1,
        },
      ],
    });
    request.to.country = "USA";
    expect(labelRequestIssues(request)).toEqual([
      "to.country is not ISO 3166-1 alpha-2",
      "parcels[0].weight_grams is not a positive whole number",
      "items[0].description is required",
      "items[0].quantity is not a positive whole number",
      "items[0].value.amount is not a whole number of minor units",
      "items[0].value.currency is not ISO 4217",
    ]);
  });

  it("rejects with invalid_request through assertLabelRequest", () => {
    expect(() => assertLabelRequest(carrierLabelRequest({ parcels: [] }))).toThrow(
      expect.objectContaining({
        code: "invalid_request",
        message: expect.stringContaining("parcels needs at least one"),
      }),
    );
  });
});
