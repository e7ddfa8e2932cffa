/**
 * @module policy — the return policy the shop publishes: JSON for the portal, schema.org
 * MerchantReturnPolicy for search engines.
 */
export {
  type PublishedPolicy,
  type PublishedPolicySettings,
  publishedPolicy,
} from "./published-policy";
export {
  type MerchantReturnPolicyJsonLd,
  MerchantReturnPolicySchema,
  type ReturnPolicyDocument,
  ReturnPolicySchema,
} from "./published-policy-schema";
