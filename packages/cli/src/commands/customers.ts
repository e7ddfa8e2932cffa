/**
 * @module commands/customers — `returnkit customers export <customer_id> [--out <file>]`: what
 * the shop owes a customer who asks for their data (GDPR art. 15 and 20, Shopify's
 * `customers/data_request`), as the HTTP export route pages it, every page read and joined
 * into one JSON document (`returnkit.customer-export/1`), on stdout or in a file.
 */
import { writeFile } from "node:fs/promises";
import { LIST_LIMIT_MAX, readCustomerExport } from "@returnkit/core";
import type { Command } from "../command";
import { failedError } from "../errors";
import { listLimitOf } from "../paging";

const exportCustomer: Command = {
  words: ["customers", "export"],
  usage: `<customer_id> [--out <file>] [--limit ${LIST_LIMIT_MAX}]`,
  summary:
    "every return of one customer with its history, refund and exchange, and its requests, as one JSON document",
  args: ["customer_id"],
  options: ["out", "limit"],
  async run(db, { args, options, now }) {
    const [customerId] = args as [string];
    // Pages as large as the HTTP API allows by default: fewer round trips, same document.
    const pageSize = options.limit === undefined ? LIST_LIMIT_MAX : listLimitOf(options);
    const exported = await readCustomerExport(await db.store(), customerId, {
      now: () => now,
      pageSize,
    });
    const document = JSON.stringify(exported, null, 2);
    const out = options.out as string | undefined;
    if (out === undefined) return { json: exported, lines: [document] };
    try {
      await writeFile(out, `${document}\n`, { flag: "w" });
    } catch (error) {
      throw failedError(`cannot write ${out}: ${(error as Error).message}`);
    }
    const counts = { returns: exported.returns.length, requests: exported.return_requests.length };
    return {
      json: { out, customer_id: customerId, ...counts },
      lines: [
        `wrote the export of customer ${customerId} to ${out}: ${counts.returns} returns, ${counts.requests} return requests`,
      ],
    };
  },
};

export const customerCommands: readonly Command[] = [exportCustomer];
