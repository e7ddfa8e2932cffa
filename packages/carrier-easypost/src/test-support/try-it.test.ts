import { expect, it } from "vitest";
import { tryIt } from "./try-it";

it("runs the README's example against the stand-in", async () => {
  const lines: string[] = [];
  await tryIt((line) => lines.push(line));
  expect(lines).toEqual([
    expect.stringMatching(/^prepared shp_[0-9a-f]{32}: USPS GroundAdvantage for 593 USD$/),
    expect.stringMatching(
      /^bought 9400\d{18}, QR code http:\/\/127\.0\.0\.1:\d+\/files\/form\/shp_\w+-label_qr_code\.png$/,
    ),
    "bought again: already_bought",
    "evt_01: in_transit at 2026-03-02T09:15:00.000Z",
    "forged: signature_invalid",
  ]);
});
