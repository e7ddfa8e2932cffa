/**
 * @module bench/lighthouse — Lighthouse's performance score of the customer's returns page
 * (mobile preset, Debian's Chromium headless), beside a bare page's served by the same machine
 * in the same run: the score moves with the machine's load (86 on a loaded two-core machine,
 * 93 to 100 on a quiet one), so it is a figure here, never a test assertion. The browser tests
 * keep accessibility 100.
 *
 * Run alone: `cd bench && npx tsx src/lighthouse.ts` prints the section as JSON.
 */
import { realpathSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { browserSkipReason } from "../../packages/ui/src/test-support/browser";
import {
  type LighthouseScores,
  launchChromeForLighthouse,
  lighthouseScores,
} from "../../packages/ui/src/test-support/lighthouse";
import { PICTURED_ORDER, startShop } from "../../packages/ui/src/test-support/shop";
import type { BenchFigure, BenchSection } from "./types";

/** Interleaved rounds, the median taken: a burst of other work lands on one round of each. */
const ROUNDS = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 3);
const TARGET = 90;

/** The floor: a page with a heading and a paragraph, no script, no stylesheet. */
const BARE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A bare page: what Lighthouse scores on this machine for nothing.">
<title>Bare page</title></head>
<body><main><h1>Returns</h1><p>Nothing to load.</p></main></body></html>`;

async function serveBarePage(): Promise<{ url: string; server: Server }> {
  const server = createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(BARE_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export default async function lighthouseBench(): Promise<BenchSection> {
  const title = "Lighthouse: the customer page's performance score";
  const skip = browserSkipReason();
  if (skip) return { title, figures: [], notes: [`Not measured: ${skip}.`] };
  const [shop, bare, chrome] = await Promise.all([
    // Signed in without a cookie: Lighthouse clears the page's cookies before it loads it.
    startShop({ visitor: PICTURED_ORDER.customer }),
    serveBarePage(),
    launchChromeForLighthouse(),
  ]);
  const page = `${shop.url}/returns?order=${PICTURED_ORDER.id}`;
  const rounds: { load: number; bare: number; page: number; accessibility: number }[] = [];
  let last: LighthouseScores | undefined;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const load = loadavg()[0]!;
      const floor = await lighthouseScores(chrome, bare.url, ["performance"]);
      last = await lighthouseScores(chrome, page, ["performance", "accessibility"]);
      rounds.push({
        load,
        bare: floor.scores.performance!,
        page: last.scores.performance!,
        accessibility: last.scores.accessibility!,
      });
    }
  } finally {
    chrome.kill();
    bare.server.close();
    await shop.close();
  }
  const score = median(rounds.map((round) => round.page));
  const floor = median(rounds.map((round) => round.bare));
  const met = score >= TARGET;
  const figures: BenchFigure[] = [
    {
      metric: "customer page, performance (mobile preset)",
      value: score,
      unit: "score",
      baseline: { label: "bare page, same server machine", value: floor },
      ratio: score / floor,
      target: `>= ${TARGET}`,
      met,
      ...(met
        ? {}
        : {
            note: `Below ${TARGET} with the bare page at ${floor}: compare the two and the load average before reading it as the page's.`,
          }),
    },
    {
      metric: "customer page, accessibility",
      value: median(rounds.map((round) => round.accessibility)),
      unit: "score",
      target: "100 (also asserted by lighthouse.browser.test.ts)",
      met: rounds.every((round) => round.accessibility === 100),
    },
  ];
  return {
    title,
    figures,
    notes: [
      `Lighthouse ${last?.lighthouse}, ${last?.formFactor} preset, Chromium headless; median of ${ROUNDS} rounds, each the bare page then the customer page (the memory-store shop of the ui browser tests, order ${PICTURED_ORDER.id} of three named products with their pictures, its customer signed in).`,
      `Rounds (1-min load average on ${cpus().length} cores as each began: bare, page): ${rounds.map((round) => `${round.load.toFixed(1)}: ${round.bare}, ${round.page}`).join("; ")}.`,
    ],
  };
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  console.log(JSON.stringify(await lighthouseBench(), null, 2));
}
