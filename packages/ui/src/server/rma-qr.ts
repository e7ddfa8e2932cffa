/**
 * @module server/rma-qr — `{path}/qr.svg?rma=RMA-7KQ3-X9TD`: an RMA number as a QR code in SVG,
 * for the packing slip. Drawn here (uqr: no dependencies, SVG out) so the customer page's
 * bundle carries no QR encoder. The answer is a pure function of the query and holds nothing
 * of any customer, so it needs no sign-in and is cached for good; anything but an RMA number
 * is a 400, so the route draws nothing else.
 */
import { RMA_PATTERN } from "@returnkit/core";
import { renderSVG } from "uqr";

/** The SVG of `rma`'s QR code (error correction M, the standard four-module quiet zone). */
function rmaQrSvg(rma: string): string {
  return renderSVG(rma, { ecc: "M", border: 4, pixelSize: 8 });
}

/** The route's answer: the SVG, or null when the query holds no RMA number. */
export function rmaQrAnswer(url: URL): string | null {
  const rma = url.searchParams.get("rma");
  if (rma === null || !RMA_PATTERN.test(rma)) return null;
  return rmaQrSvg(rma);
}
