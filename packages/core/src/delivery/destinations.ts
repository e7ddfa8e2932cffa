/**
 * @module delivery/destinations — where webhooks may go: public addresses only, unless the
 * host lists an internal receiver in `allowedDestinations`.
 *
 * A URL's host is judged as the WHATWG URL parser writes it, so `2130706433`, `0x7f000001`,
 * `127.1` and `[::ffff:127.0.0.1]` are all `127.0.0.1` by then; an address is classified by
 * ipaddr.js, never by pattern. The same judgement runs at registration (on the URL) and at
 * every connection (on each address the name resolved to), since DNS may change in between.
 */
import ipaddr from "ipaddr.js";
import type { DestinationRule } from "../domain/destination-rules";

export type { DestinationRule };

export interface DestinationRefusal {
  rule: DestinationRule;
  /** The host as the URL names it. */
  host: string;
  /** The address refused, when it was an address (written or resolved). */
  address: string | null;
  /** One sentence for an operator: what was refused, and how to allow it. */
  message: string;
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface DestinationPolicy {
  /** The host of a URL (`new URL(…).hostname`), as written: names and address literals. */
  checkHost(hostname: string): DestinationRefusal | null;
  /** An address `hostname` resolved to, just before connecting to it. */
  checkResolved(hostname: string, address: string): DestinationRefusal | null;
}

/** ipaddr.js's range names, as rules; any other range that is not `unicast` is `reserved`. */
const RULE_OF_RANGE: Record<string, DestinationRule> = {
  loopback: "loopback",
  private: "private",
  linkLocal: "link-local",
  carrierGradeNat: "carrier-grade-nat",
  uniqueLocal: "unique-local",
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
};

const DESCRIPTION: Record<DestinationRule, string> = {
  userinfo: "credentials in the URL (user:password@)",
  loopback: "a loopback address",
  private: "a private network address",
  "link-local": "a link-local address",
  "carrier-grade-nat": "a carrier-grade NAT address (100.64.0.0/10)",
  "unique-local": "a unique-local IPv6 address (fc00::/7)",
  unspecified: "the unspecified address",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  reserved: "a reserved or special-purpose address",
  "cloud-metadata": "a cloud metadata service",
  "internal-name": "a name that only resolves inside a network",
};

/** Instance metadata services (AWS, ECS, GCP, Azure, Oracle, Alibaba), by address. */
const METADATA_ADDRESSES = new Set([
  "169.254.169.254",
  "169.254.170.2",
  "169.254.169.123",
  "100.100.100.200",
  "fd00:ec2:0:0:0:0:0:254",
  "fd00:ec2:0:0:0:0:0:23",
]);
/** …and by name (every `.internal` name is refused as well, GCP's included). */
const METADATA_NAMES = new Set(["metadata", "metadata.goog", "instance-data"]);
/** Names that are loopback by definition (RFC 6761). */
const LOOPBACK_SUFFIX = "localhost";
/** Suffixes reserved for names that resolve only inside a network (.internal, mDNS, RFC 8375). */
const INTERNAL_SUFFIXES = ["internal", "local", "localdomain", "home.arpa"];

/**
 * The policy for `allowedDestinations`: each entry a hostname (`hooks.corp.example`), an
 * address (`127.0.0.1`, `::1`) or a CIDR block (`10.20.0.0/16`, `fd00::/8`). Entries must have
 * passed `isDestinationEntry`.
 */
export function destinationPolicy(allowed: readonly string[] = []): DestinationPolicy {
  const names = new Set<string>();
  const blocks: [Address, number][] = [];
  for (const entry of allowed) {
    const block = parseBlock(entry);
    if (block) blocks.push(block);
    else names.add(normaliseName(entry));
  }
  const allowedAddress = (address: Address) =>
    blocks.some(
      ([network, bits]) => address.kind() === network.kind() && address.match(network, bits),
    );

  return {
    checkHost(hostname) {
      const host = unbracket(hostname);
      if (names.has(normaliseName(host))) return null;
      if (ipaddr.isValid(host)) return judgeAddress(hostname, host, allowedAddress);
      const rule = ruleOfName(normaliseName(host));
      return rule && refusal(rule, hostname, null);
    },
    checkResolved(hostname, address) {
      if (names.has(normaliseName(unbracket(hostname)))) return null;
      return judgeAddress(hostname, address, allowedAddress);
    },
  };
}

/** A refusal for a URL that carries credentials: they would show wherever the URL does. */
export function userinfoRefusal(hostname: string): DestinationRefusal {
  return {
    rule: "userinfo",
    host: hostname,
    address: null,
    message:
      "webhook URLs may not carry credentials (rule: userinfo): user:password@ is never sent, and would show wherever the URL does; put a token in the path or query instead",
  };
}

/** True for what `allowedDestinations` accepts: a hostname, an address or a CIDR block. */
export function isDestinationEntry(entry: unknown): boolean {
  if (typeof entry !== "string" || entry.trim() !== entry || entry === "") return false;
  if (entry.includes("/")) return ipaddr.isValidCIDR(unbracket(entry));
  if (ipaddr.isValid(unbracket(entry))) return true;
  try {
    const url = new URL(`http://${entry}/`);
    return normaliseName(url.hostname) === normaliseName(entry) && !entry.includes("@");
  } catch {
    return false;
  }
}

function parseBlock(entry: string): [Address, number] | null {
  const text = unbracket(entry);
  if (text.includes("/")) return ipaddr.parseCIDR(text);
  if (!ipaddr.isValid(text)) return null;
  const address = ipaddr.parse(text);
  return [address, address.kind() === "ipv4" ? 32 : 128];
}

function judgeAddress(
  host: string,
  written: string,
  allowedAddress: (address: Address) => boolean,
): DestinationRefusal | null {
  let address: Address;
  try {
    address = ipaddr.parse(unbracket(written));
  } catch {
    return refusal("reserved", host, written);
  }
  if (allowedAddress(address)) return null;
  const embedded = address.kind() === "ipv6" ? embeddedIPv4(address as ipaddr.IPv6) : null;
  // The IPv4 inside a mapped, compatible or NAT64 address is where the packets end up.
  if (embedded && allowedAddress(embedded)) return null;
  const rule = ruleOfAddress(embedded ?? address);
  return rule && refusal(rule, host, written);
}

function ruleOfAddress(address: Address): DestinationRule | null {
  if (METADATA_ADDRESSES.has(address.toNormalizedString())) return "cloud-metadata";
  const range: string = address.range();
  if (range === "unicast") return null;
  return RULE_OF_RANGE[range] ?? "reserved";
}

/**
 * The IPv4 address an IPv6 one carries: IPv4-mapped (`::ffff:a.b.c.d`), SIIT
 * (`::ffff:0:a.b.c.d`), IPv4-compatible (`::a.b.c.d`) and NAT64 (`64:ff9b::a.b.c.d`).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const [a, b, c, d, e, f, g, h] = address.parts as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const lastFour = () => new ipaddr.IPv4([g >> 8, g & 0xff, h >> 8, h & 0xff]);
  const zeroes = (...parts: number[]) => parts.every((part) => part === 0);
  if (zeroes(a, b, c, d) && (f === 0xffff || f === 0) && (e === 0 || (e === 0xffff && f === 0))) {
    // :: and ::1 are themselves, not 0.0.0.0 and 0.0.0.1.
    if (zeroes(e, f) && zeroes(g) && h <= 1) return null;
    return lastFour();
  }
  if (a === 0x64 && b === 0xff9b && zeroes(c, d, e, f)) return lastFour();
  return null;
}

function ruleOfName(name: string): DestinationRule | null {
  if (name === LOOPBACK_SUFFIX || name.endsWith(`.${LOOPBACK_SUFFIX}`)) return "loopback";
  if (METADATA_NAMES.has(name)) return "cloud-metadata";
  if (INTERNAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))) {
    return name.startsWith("metadata.") ? "cloud-metadata" : "internal-name";
  }
  return null;
}

function refusal(rule: DestinationRule, host: string, address: string | null): DestinationRefusal {
  const what =
    address === null || address === unbracket(host) ? host : `${host} (resolved to ${address})`;
  return {
    rule,
    host,
    address,
    message: `webhook destination ${what} is ${DESCRIPTION[rule]} (rule: ${rule}); list it in the webhooks option allowedDestinations to deliver there`,
  };
}

/** Lower case, without the final dot a fully qualified name may end with. */
function normaliseName(name: string): string {
  return name.toLowerCase().replace(/\.+$/, "");
}

function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}
