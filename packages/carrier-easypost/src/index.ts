/**
 * @module @returnkit/carrier-easypost — returnkit's carrier contract on EasyPost: return labels
 * bought in two phases, voided, and tracking webhooks verified and parsed into canonical events.
 */

export { type EasyPostCarrierOptions, easypostCarrier } from "./easypost-carrier";
