/**
 * @module domain/destination-rules — why a webhook destination was refused, by name: the
 * `rule` a `webhook-destination-refused` problem carries (delivery/destinations applies them).
 */
export const DESTINATION_RULES = [
  "userinfo",
  "loopback",
  "private",
  "link-local",
  "carrier-grade-nat",
  "unique-local",
  "unspecified",
  "broadcast",
  "multicast",
  "reserved",
  "cloud-metadata",
  "internal-name",
] as const;
export type DestinationRule = (typeof DESTINATION_RULES)[number];
