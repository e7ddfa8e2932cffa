/**
 * @module stand-in — `@returnkit/carrier-easypost/stand-in`: a local stand-in for the part of
 * EasyPost's API the adapter uses, for demos and tests only. It listens on 127.0.0.1, answers
 * shipments, buys, refunds and forms as EasyPost documents them (nothing reaches EasyPost, nothing
 * is charged), and builds and signs tracker Events as EasyPost's webhooks carry them.
 */
export { trackerEvent } from "./fixtures";
export { type StandIn, signEasyPostWebhook, startEasyPostStandIn } from "./server";
