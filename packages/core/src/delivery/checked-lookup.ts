/**
 * @module delivery/checked-lookup — name resolution for webhook connections that refuses,
 * before any connection is opened, a name that resolved to an address inside the network.
 *
 * It runs where the client resolves the name it connects to (undici hands it to `net.connect`
 * and `tls.connect`), so the address checked is the address used: a name that resolved to a
 * public address at registration and to 127.0.0.1 since is refused at the attempt.
 */
import type { LookupAddress, LookupOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import type { DestinationPolicy, DestinationRefusal, DestinationRule } from "./destinations";

/** A connection refused because of where it would have gone; the attempt records it. */
export class DestinationRefusedError extends Error {
  override name = "DestinationRefusedError";
  readonly code = "ERR_WEBHOOK_DESTINATION_REFUSED";
  readonly rule: DestinationRule;
  constructor(refusal: DestinationRefusal) {
    super(refusal.message);
    this.rule = refusal.rule;
  }
}

/** `resolve` (default: `dns.lookup`) with every address it answers checked against `policy`. */
export function checkedLookup(policy: DestinationPolicy, resolve: LookupFunction): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname, { ...options, all: true }, (error, answer) => {
      if (error) return callback(error, "", 0);
      const addresses = answer as LookupAddress[];
      // One address inside is enough to refuse the name: which one a client tries is not ours.
      for (const { address } of addresses) {
        const refusal = policy.checkResolved(hostname, address);
        if (refusal) return callback(new DestinationRefusedError(refusal), "", 0);
      }
      const [first] = addresses;
      if (!first) {
        const notFound = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
          code: "ENOTFOUND",
        });
        return callback(notFound, "", 0);
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
