// A host serving the packed @returnkit/ui: both pages and their assets from the tarball's dist,
// with no build step of its own, through service.fetch.

import { createReturnsService } from "@returnkit/core";
import { mountReturnsUi } from "@returnkit/ui";

const returns = createReturnsService({ baseUrl: "https://shop.example" });
mountReturnsUi(returns, "/returns");
const page = await returns.fetch(new Request("https://shop.example/returns"));
const html = await page.text();
const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
if (page.status !== 200 || !script) throw new Error(`the customer page answered ${page.status}`);
const asset = await returns.fetch(new Request(`https://shop.example${script}`));
if (asset.status !== 200 || !asset.headers.get("cache-control")?.includes("immutable")) {
  throw new Error(`${script} answered ${asset.status}, ${asset.headers.get("cache-control")}`);
}
const staff = await returns.fetch(new Request("https://shop.example/returns/admin"));
if (!(await staff.text()).includes("<returnkit-back-office>")) throw new Error("no back office");
await returns.close();
console.log(`ui: both pages and ${script} served from the package`);
