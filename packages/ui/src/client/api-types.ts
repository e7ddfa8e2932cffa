/**
 * @module client/api-types — GENERATED from the OpenAPI document the returns service serves
 * (GET /v1/openapi.json) by openapi-typescript. Do not edit: run
 * `pnpm --filter @returnkit/ui api-types` after changing the API.
 */
export interface paths {
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document
         * @description Generated from the route table and zod schemas the API validates with; `_templates` link into its `components.requestBodies`.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * This OpenAPI document (headers only)
         * @description Generated from the route table and zod schemas the API validates with; `_templates` link into its `components.requestBodies`.
         */
        head: operations["headOpenApiDocument"];
        patch?: never;
        trace?: never;
    };
    "/v1/portal/guest-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Find an order by its number and email or postcode, for a guest's bearer token */
        post: operations["createGuestSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portal/returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's own returns */
        get: operations["listPortalReturns"];
        put?: never;
        /** Create a draft return */
        post: operations["createReturn"];
        delete?: never;
        options?: never;
        /** List the caller's own returns (headers only) */
        head: operations["headListPortalReturns"];
        patch?: never;
        trace?: never;
    };
    "/v1/portal/returns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one of the caller's returns */
        get: operations["getPortalReturn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Get one of the caller's returns (headers only) */
        head: operations["headPortalReturn"];
        /**
         * Update the draft
         * @description Sends the `update` event. A return offers it in `_templates` only while its lifecycle allows it.
         */
        patch: operations["updateReturn"];
        trace?: never;
    };
    "/v1/portal/returns/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit the return
         * @description Sends the `submit` event. A return offers it in `_templates` only while its lifecycle allows it.
         */
        post: operations["submitReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portal/returns/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel the return
         * @description Sends the `cancel` event. A return offers it in `_templates` only while its lifecycle allows it.
         */
        post: operations["cancelReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portal/orders/{order_id}/returnable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the caller can return from one of its orders */
        get: operations["getReturnableLines"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** What the caller can return from one of its orders (headers only) */
        head: operations["headReturnableLines"];
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List all returns */
        get: operations["listMerchantReturns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** List all returns (headers only) */
        head: operations["headListMerchantReturns"];
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a return */
        get: operations["getMerchantReturn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Get a return (headers only) */
        head: operations["headMerchantReturn"];
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve the return
         * @description Sends the `approve` event. A return offers it in `_templates` only while its lifecycle allows it.
         */
        post: operations["approveReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject the return
         * @description Sends the `reject` event. A return offers it in `_templates` only while its lifecycle allows it.
         */
        post: operations["rejectReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/flag": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Flag the return for review
         * @description Sends the `flag` event. A return offers it in `_templates` only while its lifecycle allows it.
         */
        post: operations["flagReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/unflag": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Clear the flag
         * @description Sends the `unflag` event. A return offers it in `_templates` only while its lifecycle allows it.
         */
        post: operations["unflagReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/ship": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the return shipment
         * @description Sends the `ship` event. A return offers it in `_templates` only while its lifecycle allows it.
         */
        post: operations["shipReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/receive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the item as received
         * @description Sends the `receive` event. A return offers it in `_templates` only while its lifecycle allows it.
         */
        post: operations["receiveReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/grade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Grade the received item
         * @description Sends the `grade` event. A return offers it in `_templates` only while its lifecycle allows it.
         */
        post: operations["gradeReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close the return
         * @description Sends the `close` event. A return offers it in `_templates` only while its lifecycle allows it.
         */
        post: operations["closeReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a payout of the return's final refund */
        post: operations["recordReturnRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/exchange-payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record the customer's payment of the exchange's difference */
        post: operations["recordExchangePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/exchange-order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record the order that sends the released exchange's new items */
        post: operations["recordExchangeOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/label-reissue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the parcel's return label (expired, lost or refused) */
        post: operations["reissueLabel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether this process can serve requests (for load balancers and probes) */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Whether this process can serve requests (for load balancers and probes) (headers only) */
        head: operations["headHealth"];
        patch?: never;
        trace?: never;
    };
    "/v1/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether this process answers at all, asking nothing of the store (for liveness probes) */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Whether this process answers at all, asking nothing of the store (for liveness probes) (headers only) */
        head: operations["headLiveness"];
        patch?: never;
        trace?: never;
    };
    "/v1/reasons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the return reasons */
        get: operations["listReasons"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** List the return reasons (headers only) */
        head: operations["headListReasons"];
        patch?: never;
        trace?: never;
    };
    "/v1/return-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The shop's return policy, as the service enforces it (public, cacheable) */
        get: operations["getReturnPolicy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** The shop's return policy, as the service enforces it (public, cacheable) (headers only) */
        head: operations["headReturnPolicy"];
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/insights/fit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Returns per sku and size by fit direction, body part and reason */
        get: operations["getFitInsights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Returns per sku and size by fit direction, body part and reason (headers only) */
        head: operations["headFitInsights"];
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/insights/fit/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per sku: returns, fit returns and the fit issue most of them name */
        get: operations["getFitSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Per sku: returns, fit returns and the fit issue most of them name (headers only) */
        head: operations["headFitSummary"];
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/customers/{customer_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export a customer's returns, requests, history, refunds and exchanges */
        get: operations["exportCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Export a customer's returns, requests, history, refunds and exchanges (headers only) */
        head: operations["headExportCustomer"];
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/customers/{customer_id}/erasure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a customer's personal data is erased */
        get: operations["getCustomerErasure"];
        put?: never;
        /** Erase a customer's personal data from its returns (GDPR art. 17), in a background job */
        post: operations["eraseCustomer"];
        delete?: never;
        options?: never;
        /** Whether a customer's personal data is erased (headers only) */
        head: operations["headCustomerErasure"];
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/orders/{order_id}/erasure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether an order's personal data is erased */
        get: operations["getOrderErasure"];
        put?: never;
        /** Erase an order's personal data from its returns (GDPR art. 17), in a background job */
        post: operations["eraseOrder"];
        delete?: never;
        options?: never;
        /** Whether an order's personal data is erased (headers only) */
        head: operations["headOrderErasure"];
        patch?: never;
        trace?: never;
    };
    "/v1/portal/return-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a return of several order lines: one draft return per line, all or none */
        post: operations["createReturnRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portal/return-requests/estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a return request would refund if created now: the create's body, checked as create checks it, nothing written */
        post: operations["estimateReturnRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portal/return-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one of the caller's return requests */
        get: operations["getPortalReturnRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Get one of the caller's return requests (headers only) */
        head: operations["headPortalReturnRequest"];
        patch?: never;
        trace?: never;
    };
    "/v1/portal/return-requests/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit every draft of the request, all or none */
        post: operations["submitReturnRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/return-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a return request */
        get: operations["getMerchantReturnRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Get a return request (headers only) */
        head: operations["headMerchantReturnRequest"];
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/return-requests/{id}/ship": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record one parcel for every approved return of the request */
        post: operations["shipReturnRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints and subscribers (never their secrets) */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /** Create a webhook endpoint with a new signing secret */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        /** List webhook endpoints and subscribers (never their secrets) (headers only) */
        head: operations["headListWebhookEndpoints"];
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints/{endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook endpoint (never its secrets) */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /** Delete an endpoint and its pending deliveries */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        /** Get a webhook endpoint (never its secrets) (headers only) */
        head: operations["headWebhookEndpoint"];
        /** Change an endpoint's event types, or enable or disable it */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/webhooks/endpoints/{endpoint_id}/secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the signing secret; the previous one keeps signing for an overlap */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/endpoints/{endpoint_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signed webhook.test event to the endpoint now */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the webhook events of a return, in order */
        get: operations["listWebhookEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** List the webhook events of a return, in order (headers only) */
        head: operations["headListWebhookEvents"];
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List deliveries (of a return, of an event, or by status) with every attempt */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** List deliveries (of a return, of an event, or by status) with every attempt (headers only) */
        head: operations["headListWebhookDeliveries"];
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/events/{event_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Redeliver an event's dead deliveries (optionally to one endpoint) */
        post: operations["redeliverWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Redeliver every delivery that died since a time */
        post: operations["recoverWebhookDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/carriers/{name}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A carrier's tracking webhook: its scans ship and receive the parcel's returns */
        post: operations["recordCarrierTrackingEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portal/returns/{id}/{event}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An event no route sends
         * @description Answers 404 `unknown-event`, whose `known_events` lists the events this path takes (submit, cancel); each of those has an operation of its own.
         */
        post: operations["portalUnknownEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/returns/{id}/{event}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An event no route sends
         * @description Answers 404 `unknown-event`, whose `known_events` lists the events this path takes (approve, reject, flag, unflag, ship, receive, grade, close); each of those has an operation of its own.
         */
        post: operations["merchantUnknownEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Actor: {
            /**
             * @description Who acted: `portal` (the customer), `merchant` (staff), `policy` (the shop's auto-approval rule); `carrier`, `privacy` and `system` are reserved for carriers' tracking, erasures and the service's timed work. More kinds may be added in any release: accept a kind you do not know and show it as it is.
             * @example portal
             * @example merchant
             * @example policy
             * @example carrier
             * @example privacy
             * @example system
             */
            kind: string;
            id: string;
            /** @description Whom the actor acted for, when not on its own account (e.g. the staff member who asked for an erasure). */
            on_behalf_of?: {
                /**
                 * @description Who acted: `portal` (the customer), `merchant` (staff), `policy` (the shop's auto-approval rule); `carrier`, `privacy` and `system` are reserved for carriers' tracking, erasures and the service's timed work. More kinds may be added in any release: accept a kind you do not know and show it as it is.
                 * @example portal
                 * @example merchant
                 * @example policy
                 * @example carrier
                 * @example privacy
                 * @example system
                 */
                kind: string;
                id: string;
            };
        };
        CarrierTrackingEvent: {
            [key: string]: unknown;
        };
        CustomerExportPage: {
            /**
             * @description What this document is, and the version of its shape.
             * @constant
             */
            schema: "returnkit.customer-export/1";
            customer_id: string;
            /**
             * Format: date-time
             * @description When the export was read (its first page, for a paged one).
             */
            exported_at: string;
            /** @description Every return of the customer, newest first, each with its history (every transition with its actor and time), refund, payouts and exchange. */
            returns: components["schemas"]["ReturnData"][];
            /** @description The return requests those returns were created in, with their refund totals. */
            return_requests: components["schemas"]["CustomerExportRequest"][];
            /** @description Where the next page starts (its `cursor`); null on the last page, even a full one. */
            next_cursor: string | null;
            /** @description `self`; `next`, the next page's URL, unless this is the last page. */
            _links: {
                [key: string]: components["schemas"]["Link"];
            };
        };
        CustomerExportRequest: {
            id: string;
            /** @constant */
            object: "return_request";
            order_id: string;
            customer_id: string;
            /** @description A short code for the parcel (`RMA-7KQ3-X9TD`) that staff search (`GET /v1/merchant/returns?rma=`) and a customer reads out; unique in the store. Null for a request created before RMA numbers. */
            rma: string | null;
            /** @description How the parcel travels back. */
            return_method: components["schemas"]["ReturnMethod"];
            /** Format: date-time */
            created_at: string;
            /** @description Its returns' refunds added up, in minor units; null when no return has a price. */
            refund: components["schemas"]["ReturnRequestRefund"] | null;
            /** @description Its exchanges' differences netted: the one payment or the one refund that settles all of them, for a host that settles the request at once. Each return keeps its own difference (a `shop_refunds` one as its `refund.total`, which `refund.total` here adds up gross). Null when it has no priced exchange. */
            exchange_difference: components["schemas"]["ExchangeDifference"] | null;
            /** @description Its returns, in line order; each is in the export's `returns`. */
            return_ids: string[];
        };
        DeletedWebhookEndpoint: {
            /** @constant */
            object: "webhook_endpoint";
            id: string;
            /** @constant */
            deleted: true;
        };
        Erasure: {
            /** @constant */
            object: "erasure";
            /** @enum {string} */
            scope: "customer" | "order";
            /**
             * @description `pending`: returns with the customer's (or the order's) personal data remain, the job erases them; `completed`: none remains.
             * @enum {string}
             */
            status: "pending" | "completed";
        };
        EventSubject: {
            /**
             * @description `return` or `customer`; more kinds may be added in any release, so accept one you do not know.
             * @example return
             * @example customer
             */
            kind: string;
            /** @description The return's id, or the customer's. */
            id: string;
        };
        Exchange: {
            /**
             * @description `offer`: an item the shop offered (the `exchanges` option), priced by it; `like_for_like`: the same item again at the price paid (a shop without `exchanges`), settled in goods with a difference of 0.
             * @enum {string}
             */
            kind: "offer" | "like_for_like";
            lines: components["schemas"]["ExchangeLine"][];
            /** @description The new items' price against the returned units' value (less any condition deduction once graded, less the exchange bonus). A `shop_refunds` amount is this return's `refund.total`; a `customer_pays` amount leaves `refund.total` 0. Null when the order line has no price. */
            difference: components["schemas"]["ExchangeDifference"] | null;
            /** @description What the policy's exchange bonus took off the customer's payment; null when the policy gives none. */
            bonus_credit: number | null;
            /**
             * @description `standard`: the new items go out once the return is received; `instant`: at approval, against a hold on the price paid (the `exchanges.instant` option). Fixed when the exchange is created.
             * @enum {string}
             */
            mode: "standard" | "instant";
            /**
             * @description `pending`: not released yet; `awaiting_payment`: approved, the customer's payment of the difference awaited until `payment_due_at`; `released`: the host may send the new items (`return.exchange_released`); `fallen_back`: the payment never came, so the return became a refund or store credit (this object stays to show what was asked); `withdrawn`: the return was rejected or cancelled before release.
             * @enum {string}
             */
            status: "pending" | "awaiting_payment" | "released" | "fallen_back" | "withdrawn";
            /** @description The customer's payment of a `customer_pays` difference (`POST …/exchange-payments`); null until recorded. */
            payment: components["schemas"]["ExchangePayment"] | null;
            /** @description Until when the payment is awaited (approval + `exchanges.paymentDays`); null when nothing is awaited. */
            payment_due_at: string | null;
            /** @description When the exchange was released. */
            released_at: string | null;
            /** @description The host's order that sends the new items (`POST …/exchange-order`); null until recorded. */
            order_id: string | null;
            /** @description An instant exchange's hold, from its release; null for a standard one. */
            hold: components["schemas"]["ExchangeHold"] | null;
        };
        ExchangeDifference: {
            /** @description In the order currency's minor unit; 0 when nothing moves. */
            amount: number;
            /**
             * @description `customer_pays`: the new items cost more than the returned units are worth; `shop_refunds`: less (or the same, with an amount of 0).
             * @enum {string}
             */
            direction: "customer_pays" | "shop_refunds";
        };
        ExchangeHold: {
            /** @description The price paid for the returned units (order line `unit_price` × quantity), in the order currency's minor unit. */
            amount: number;
            /** @description ISO 4217 code of `amount`. */
            currency: string;
            /**
             * Format: date-time
             * @description When the hold falls due (is captured) if the return has not shipped by then.
             */
            due_at: string;
            /**
             * @description `held`: the host holds the amount; `due`: the return was not shipped in time, or was cancelled or rejected, so the host captures it; `released`: the return arrived, so the host releases it.
             * @enum {string}
             */
            status: "held" | "due" | "released";
        };
        ExchangeLine: {
            sku: string;
            title: string | null;
            variant_title: string | null;
            image_url: string | null;
            /** @description As many units as are returned. */
            quantity: number;
            /** @description The new item's price per unit when it was chosen, in the order currency's minor unit (the shop's offer, never the client's); null when the order line has no price. */
            unit_price: number | null;
        };
        ExchangeOffer: {
            sku: string;
            title: string | null;
            variant_title: string | null;
            image_url: string | null;
            /** @description In the order currency's minor unit. */
            unit_price: number;
            /** @description The order's currency (ISO 4217). */
            currency: string;
            /** @description Whether it can be chosen now (in stock). */
            available: boolean;
        };
        ExchangePayment: {
            /** @description The difference paid, in the order currency's minor unit. */
            amount: number;
            /** @description ISO 4217 code of `amount`: the order's currency. */
            currency: string;
            /** @description The host's reference of the payment in its payment system (one per exchange). */
            reference: string;
            /**
             * Format: date-time
             * @description When the customer paid, as the host said; else when recorded.
             */
            paid_at: string;
            /** Format: date-time */
            recorded_at: string;
            actor: components["schemas"]["Actor"];
        };
        FitBodyPartCount: {
            /** @description Returns that claimed it at create (cancelled left out). */
            returns: number;
            /** @description Units of those returns. */
            units: number;
            /** @description Of those returns, the ones graded or closed. */
            confirmed_returns: number;
            /** @description Units of the confirmed returns. */
            confirmed_units: number;
            /** @description Null for a reason that names no body part. */
            body_part: string | null;
        };
        /** @description Each count is exact up to 9007199254740991 (2^53 − 1); a count beyond it is answered as that figure: at least so many. */
        FitCounts: {
            /** @description Returns that claimed it at create (cancelled left out). */
            returns: number;
            /** @description Units of those returns. */
            units: number;
            /** @description Of those returns, the ones graded or closed. */
            confirmed_returns: number;
            /** @description Units of the confirmed returns. */
            confirmed_units: number;
        };
        /** @enum {string} */
        FitDirection: "TOO_SMALL" | "TOO_LARGE" | "TOO_TIGHT" | "TOO_LOOSE" | "TOO_SHORT" | "TOO_LONG";
        FitDirectionCount: {
            /** @description Returns that claimed it at create (cancelled left out). */
            returns: number;
            /** @description Units of those returns. */
            units: number;
            /** @description Of those returns, the ones graded or closed. */
            confirmed_returns: number;
            /** @description Units of the confirmed returns. */
            confirmed_units: number;
            direction: components["schemas"]["FitDirection"];
        };
        FitInsights: {
            /** @constant */
            object: "fit_insights";
            /** @description The sku asked for, or null for every sku. */
            sku: string | null;
            /** @description The inclusive start asked for, as UTC. */
            from: string | null;
            /** @description The exclusive end asked for, as UTC. */
            to: string | null;
            /** @description One entry per sku and size, by sku then size (nulls last), a page at a time. */
            data: components["schemas"]["FitInsightSize"][];
            /** @description Where the next page starts (its `cursor`); null on the last page, even a full one. */
            next_cursor: string | null;
            /** @description `self`; `next`, the next page's URL, unless this is the last page. */
            _links: {
                [key: string]: components["schemas"]["Link"];
            };
        };
        FitInsightSize: {
            sku: string;
            size: string | null;
            /** @description Every return of the sku and size, whatever its reason. */
            all: components["schemas"]["FitCounts"];
            /** @description Those whose reason is a fit reason. */
            fit: components["schemas"]["FitCounts"];
            /** @description Fit returns by direction. */
            by_direction: components["schemas"]["FitDirectionCount"][];
            /** @description Fit returns by body part. */
            by_body_part: components["schemas"]["FitBodyPartCount"][];
            /** @description Every return by reason, fit or not. */
            by_reason: components["schemas"]["FitReasonCount"][];
        };
        FitReasonCount: {
            /** @description Returns that claimed it at create (cancelled left out). */
            returns: number;
            /** @description Units of those returns. */
            units: number;
            /** @description Of those returns, the ones graded or closed. */
            confirmed_returns: number;
            /** @description Units of the confirmed returns. */
            confirmed_units: number;
            reason: string;
            /** @enum {string} */
            kind: "fit" | "other";
            direction: components["schemas"]["FitDirection"] | null;
            body_part: string | null;
        };
        FitSkuSummary: {
            sku: string;
            /** @description Every return of the sku, whatever its reason. */
            all: components["schemas"]["FitCounts"];
            /** @description Those whose reason is a fit reason. */
            fit: components["schemas"]["FitCounts"];
            /** @description fit.returns / all.returns, to 3 decimals. */
            fit_share: number;
            /** @description The direction, body part and size with the most fit returns; null without fit returns. */
            top: components["schemas"]["FitTopIssue"] | null;
        };
        FitSummary: {
            /** @constant */
            object: "fit_summary";
            /** @description The sku asked for, or null for every sku. */
            sku: string | null;
            /** @description The inclusive start asked for, as UTC. */
            from: string | null;
            /** @description The exclusive end asked for, as UTC. */
            to: string | null;
            /** @description One entry per sku, the most fit returns first (then by sku), a page at a time. */
            data: components["schemas"]["FitSkuSummary"][];
            /** @description Where the next page starts (its `cursor`); null on the last page, even a full one. */
            next_cursor: string | null;
            /** @description `self`; `next`, the next page's URL, unless this is the last page. */
            _links: {
                [key: string]: components["schemas"]["Link"];
            };
        };
        FitTopIssue: {
            /** @description Returns that claimed it at create (cancelled left out). */
            returns: number;
            /** @description Units of those returns. */
            units: number;
            /** @description Of those returns, the ones graded or closed. */
            confirmed_returns: number;
            /** @description Units of the confirmed returns. */
            confirmed_units: number;
            direction: components["schemas"]["FitDirection"];
            body_part: string | null;
            size: string | null;
            /** @description `TOO_SMALL at CHEST in M`. */
            label: string;
        };
        Grade: {
            condition: ("NEW" | "LIKE_NEW" | "USED" | "DAMAGED" | "UNSELLABLE" | "WRONG_ITEM" | "MISSING") | null;
            disposition: ("RESTOCK" | "REFURBISH" | "RESELL_DISCOUNTED" | "DONATE" | "RECYCLE" | "DISPOSE") | null;
            /** @description Units grading accepted (at most the return's quantity); the others refund nothing. */
            accepted_quantity: number;
        };
        GuestSession: {
            /** @constant */
            object: "guest_session";
            token: string;
            /** @constant */
            token_type: "Bearer";
            /** @description Seconds the token is valid for. */
            expires_in: number;
            /** Format: date-time */
            expires_at: string;
            /** @description The one order the token may see and return from. */
            order_id: string;
            _links: {
                returnable: {
                    href: string;
                };
            };
        };
        HealthCheckResult: {
            status: components["schemas"]["HealthStatus"];
            componentType?: string;
            observedValue?: number | boolean;
            observedUnit?: string;
            /** @description When the check ran (ISO 8601). */
            time: string;
            /** @description Why the check did not pass. */
            output?: string;
        };
        HealthReport: {
            /** @description `fail` (503) when the store cannot be reached or its migrations are not current; `warn` (still 200) when the outbox lags or no dispatcher runs in this process. */
            status: components["schemas"]["HealthStatus"];
            description: string;
            /** @description `store:reachable`, `store:migrations`, `dispatcher:running`, `outbox:lag` (seconds). */
            checks: {
                [key: string]: components["schemas"]["HealthCheckResult"][];
            };
        };
        /** @enum {string} */
        HealthStatus: "pass" | "warn" | "fail";
        HistoryEntry: {
            seq: number;
            /**
             * @description The event applied; `erase`: the customer's personal data was erased (`from` and `to` the state it stays in, actor `privacy`).
             * @enum {string}
             */
            event: "create" | "update" | "submit" | "cancel" | "approve" | "reject" | "flag" | "unflag" | "ship" | "receive" | "grade" | "close" | "erase";
            from: components["schemas"]["ReturnState"] | null;
            to: components["schemas"]["ReturnState"];
            /** Format: date-time */
            at: string;
            actor: components["schemas"]["Actor"];
            note?: string;
            /** @enum {string} */
            reason_code?: "FINAL_SALE" | "RETURN_WINDOW_EXPIRED" | "NOT_ELIGIBLE" | "OTHER";
        };
        Label: {
            /**
             * @description `pending`: being bought (the carrier's shipment may be created, not yet paid); `created`: bought, ready for the customer; `needs_staff`: the carrier holds a bought label it did not hand back (see `reason`); `failed`: the carrier refused it (see `reason`); `voided`, `void_pending`, `void_refused`: after a cancel or reject, the carrier voided it, will settle it later, or refused to.
             * @enum {string}
             */
            status: "pending" | "created" | "needs_staff" | "failed" | "voided" | "void_pending" | "void_refused";
            /** @description The carrier adapter's name (`easypost`). */
            carrier: string;
            /** @description The carrier and service bought, once known. */
            service: string | null;
            /** @description The carrier's shipment: one per parcel, created before it is paid for. */
            shipment_id: string | null;
            /** @description The carrier's handle of the price chosen for the shipment, passed back to buy it. */
            rate_id: string | null;
            tracking_number: string | null;
            /** @description Where the customer follows the parcel. */
            tracking_url: string | null;
            /** @description The printable label. */
            label_url: string | null;
            /** @description The drop-off code of a paperless label. */
            qr_code_url: string | null;
            /** @description What the carrier charged the shop for it (its quote while `pending`). */
            cost: components["schemas"]["LabelCost"] | null;
            /** @description The policy's return-shipping fee this return bears (`refund.return_shipping_fee`), in the refund's minor unit; null without a refund. */
            fee_charged: number | null;
            /** @description Why it failed, needs staff, or waits to be tried again; null otherwise. */
            reason: string | null;
            /** @description Calls to the carrier that failed and were tried again (the webhook schedule). */
            attempts: number;
            /** @description When the label was bought. */
            created_at: string | null;
            /** @description After a reissue: the bought label this one replaces, voided by a job of its own. Absent or null otherwise. */
            replaces?: components["schemas"]["ReplacedLabel"] | null;
        };
        LabelCost: {
            /** @description In the currency's minor unit (cents). */
            amount: number;
            /** @description ISO 4217 code. */
            currency: string;
        };
        LineReasons: {
            /** @description Every reason a return of this line may give, in the catalogue's order (the shop may narrow them by product). */
            codes: string[];
            /** @description The first step, what was wrong: `FIT` for the fit reasons when any is allowed, then each other reason code allowed (`DEFECTIVE`, `DAMAGED`, `CHANGED_MIND`, …), in the catalogue's order. */
            categories: string[];
            /** @description The second step for `FIT`; null when no fit reason is allowed. */
            fit: {
                /** @description Which ways it may not have fit, in the catalogue's order. */
                directions: ("TOO_SMALL" | "TOO_LARGE" | "TOO_TIGHT" | "TOO_LOOSE" | "TOO_SHORT" | "TOO_LONG")[];
                /** @description Where it may not have fit, in the catalogue's order. */
                body_parts: string[];
                /** @description Each fit reason allowed: the code a direction and a body part make. */
                reasons: {
                    code: string;
                    /** @enum {string} */
                    direction: "TOO_SMALL" | "TOO_LARGE" | "TOO_TIGHT" | "TOO_LOOSE" | "TOO_SHORT" | "TOO_LONG";
                    /** @description Null for a bare direction (`TOO_SMALL`). */
                    body_part: string | null;
                }[];
            } | null;
        };
        Link: {
            href: string;
        };
        MerchantReturnPolicy: {
            /** @constant */
            "@context": "https://schema.org";
            /** @constant */
            "@type": "MerchantReturnPolicy";
            applicableCountry?: string | string[];
            /** @description Absent when the service enforces no window (not connected to the orders). */
            returnPolicyCategory?: "https://schema.org/MerchantReturnFiniteReturnWindow" | "https://schema.org/MerchantReturnNotPermitted";
            merchantReturnDays?: number;
            /** @description `by_mail` and `drop_off` (a carrier's point takes the parcel on by mail) are ReturnByMail; `in_store` is ReturnInStore. */
            returnMethod?: ("https://schema.org/ReturnByMail" | "https://schema.org/ReturnInStore") | ("https://schema.org/ReturnByMail" | "https://schema.org/ReturnInStore")[];
            returnFees?: "https://schema.org/FreeReturn" | "https://schema.org/ReturnShippingFees";
            returnShippingFeesAmount?: components["schemas"]["MonetaryAmount"] | components["schemas"]["MonetaryAmount"][];
            /** @description A percentage of the product price (schema.org: a Number is a percentage). */
            restockingFee?: number;
            refundType?: ("https://schema.org/FullRefund" | "https://schema.org/StoreCreditRefund" | "https://schema.org/ExchangeRefund") | ("https://schema.org/FullRefund" | "https://schema.org/StoreCreditRefund" | "https://schema.org/ExchangeRefund")[];
            itemCondition?: ("https://schema.org/NewCondition" | "https://schema.org/UsedCondition" | "https://schema.org/DamagedCondition") | ("https://schema.org/NewCondition" | "https://schema.org/UsedCondition" | "https://schema.org/DamagedCondition")[];
        };
        MonetaryAmount: {
            /** @constant */
            "@type": "MonetaryAmount";
            /** @description ISO 4217 code. */
            currency: string;
            /** @description In the currency's major unit (4.95 for €4.95). */
            value: number;
        };
        OrderCustomer: {
            name: string | null;
            email: string | null;
        };
        Payout: {
            id: string;
            /** @description Paid back, in the minor unit of `currency`. */
            amount: number;
            /** @description ISO 4217 code: the refund's currency. */
            currency: string;
            /** @description Digits of the currency's minor unit, as ISO 4217 lists them and the amounts count them: an amount of 10^currency_exponent is one unit of the currency (2 for EUR and HUF, 0 for JPY, 3 for KWD and IQD, 2 for MGA and MRU). Render from it, not from a formatter's own digits (Intl shows HUF with 0). */
            currency_exponent: number;
            /**
             * @description How it was paid back: the refund's method (to the card, or as store credit).
             * @enum {string}
             */
            method: "original_payment" | "store_credit";
            /** @description The host's reference of the payout in its payment system. */
            reference: string;
            /**
             * Format: date-time
             * @description When the host issued it.
             */
            issued_at: string;
            /**
             * Format: date-time
             * @description When it was recorded here.
             */
            recorded_at: string;
            actor: components["schemas"]["Actor"];
        };
        Problem: {
            /** @description `urn:returnkit:problem:<slug>`; the slug names the problem. */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description The request's id, as in its `Request-Id` header: quote it when asking about it. */
            request_id?: string;
            /** @description invalid-body, invalid-query: each issue, at its path in the body or query. */
            errors?: {
                path: string;
                message: string;
            }[];
            /** @description not-found, concurrent-update, and the payout problems (refund-…, payout-…): the return asked for. */
            return_id?: string;
            /** @description not-found, nothing-to-do: the return request asked for. */
            return_request_id?: string;
            /** @description not-found, tracking-signature-invalid, tracking-event-malformed: the carrier named in the path. */
            carrier?: string;
            /** @description return-request-refused: each refused line, with the problem a return of it alone would get (its members as that problem has them), except that a line-not-on-order line leaves out `returnable_lines`: the refusal lists them once. */
            lines?: ({
                /** @description The line's place in the request (0 first). */
                index: number;
                /** @description The line's return, once it has one. */
                return_id?: string;
                type: string;
                title: string;
                status: number;
                detail: string;
            } & {
                [key: string]: unknown;
            })[];
            /** @description invalid-transition, unknown-event, history-limit-reached: the event sent. */
            event?: string;
            /** @description invalid-transition, refund-not-payable: the return's state. */
            state?: components["schemas"]["ReturnState"];
            /** @description invalid-transition: the events this caller may send now. */
            allowed_events?: ("update" | "submit" | "cancel" | "approve" | "reject" | "flag" | "unflag" | "ship" | "receive" | "grade" | "close")[];
            /** @description unknown-event: the events this caller's path takes. */
            known_events?: ("update" | "submit" | "cancel" | "approve" | "reject" | "flag" | "unflag" | "ship" | "receive" | "grade" | "close")[];
            /** @description insufficient-scope: any one of these scopes allows the operation. */
            required_scopes?: string[];
            /** @description forbidden (mixed scope families): the token's portal scopes. */
            portal_scopes?: string[];
            /** @description forbidden (mixed scope families): the token's merchant scopes. */
            merchant_scopes?: string[];
            /** @description method-not-allowed: the methods the path takes (as in `Allow`). */
            allowed_methods?: string[];
            /** @description precondition-failed: the return's version now; its ETag is this in quotes. */
            current_version?: number;
            /** @description document-changed: the document's entity tag now. */
            current_etag?: string;
            /** @description history-limit-reached: entries kept. */
            history_entries?: number;
            /**
             * @description refund-not-payable: why — not graded yet, no priced refund, an exchange, or a final refund of 0.
             * @enum {string}
             */
            refund_refusal?: "not-final" | "no-refund" | "exchange" | "nothing-to-pay";
            /** @description refund-exceeds-total: the payout refused; payout-reference-conflict, exchange-payment-conflict: the amount recorded under the reference; exchange-payment-mismatch: the difference owed. */
            amount?: number;
            /** @description refund-exceeds-total, refund-currency-mismatch: the refund's currency; exchange-payment-mismatch: the order's. */
            currency?: string;
            /** @description refund-exceeds-total: the final refund. */
            refund_total?: number;
            /** @description refund-exceeds-total: what payouts recorded already. */
            refunded_amount?: number;
            /** @description refund-exceeds-total: the most a payout may be now (`refund_total − refunded_amount`). */
            refundable_amount?: number;
            /** @description payout-reference-conflict: the reference sent again; exchange-payment-conflict: the reference recorded. */
            reference?: string;
            /**
             * @description exchange-payment-not-expected: why — the return has no exchange, the customer owes nothing, it is still a draft, or the exchange's status (paid for, released, fallen back or withdrawn).
             * @enum {string}
             */
            exchange_refusal?: "pending" | "awaiting_payment" | "released" | "fallen_back" | "withdrawn" | "no-exchange" | "nothing-owed" | "draft";
            /** @description exchange-not-released: the exchange's status, null when the return has none. */
            exchange_status?: ("pending" | "awaiting_payment" | "released" | "fallen_back" | "withdrawn") | null;
            /** @description exchange-order-conflict: the exchange order recorded already. */
            exchange_order_id?: string;
            /** @description label-not-reissuable: the label's status, null when the return has none. */
            label_status?: ("pending" | "created" | "needs_staff" | "failed" | "voided" | "void_pending" | "void_refused") | null;
            /** @description payout-reference-conflict: the payout recorded under the reference. */
            payout_id?: string;
            /** @description payout-limit-reached: the most a return keeps. */
            max_payouts?: number;
            /** @description history-limit-reached: the most a return keeps. */
            max_history_entries?: number;
            /** @description payload-too-large: the body size limit. */
            limit_bytes?: number;
            /** @description route-not-found outside the service's path: where the service is mounted. */
            base_url?: string;
            /** @description endpoint-not-found, endpoint-exists, endpoint-managed-in-code, endpoint-concurrent-update, test-event-in-flight: the endpoint. */
            endpoint_id?: string;
            /**
             * @description endpoint-managed-in-code: a subscriber, or an endpoint from the options.
             * @enum {string}
             */
            managed_by?: "subscriber" | "options";
            /** @description event-not-found, redelivery-out-of-order: the event asked for. */
            event_id?: string;
            /** @description redelivery-out-of-order: the earlier events of the return, dead to the same endpoints, that it would overtake. */
            dead_ahead?: {
                event_id: string;
                endpoint_id: string;
                dead_at: string | null;
            }[];
            /**
             * @description webhook-destination-refused: why the URL was refused (an address inside the network, a cloud metadata service, credentials in the URL).
             * @enum {string}
             */
            rule?: "userinfo" | "loopback" | "private" | "link-local" | "carrier-grade-nat" | "unique-local" | "unspecified" | "broadcast" | "multicast" | "reserved" | "cloud-metadata" | "internal-name";
            /** @description The order the refused request named. */
            order_id?: string;
            /** @description The order line's sku. */
            sku?: string;
            /** @description The order line's size, null for none. */
            size?: string | null;
            /** @description line-not-on-order: the lines that can be returned now. return-request-refused: the same list, once, when a refused line is not on the order. */
            returnable_lines?: {
                sku: string;
                size: string | null;
                returnable_quantity?: number;
            }[];
            /** @description quantity-exceeds-returnable: units asked for. */
            quantity?: number;
            /** @description quantity-exceeds-returnable: units bought. */
            purchased?: number;
            /** @description quantity-exceeds-returnable: units of the line in the order's other returns. */
            in_returns?: number;
            /** @description quantity-exceeds-returnable: units a return may take now. */
            returnable_quantity?: number;
            /** @description return-window-closed: when the line's return window closed. */
            returnable_until?: string;
            /** @description not-returnable: the line was sold as final. */
            final_sale?: boolean;
            /** @description refused-by-policy: the shop's own reason code. */
            code?: string;
            /** @description reason-not-allowed: the reason asked for. */
            reason?: string;
            /** @description reason-not-allowed: the reasons the line allows, in the catalogue's order (its returnable view offers them structured). */
            allowed_reasons?: string[];
            /** @description exchange-not-offered, exchange-unavailable, exchange-no-longer-available: the sku asked for in exchange. */
            exchange_for?: string;
            /** @description exchange-not-offered, exchange-unavailable: the skus the line can be exchanged for now (available). */
            offers?: string[];
        } & {
            [key: string]: unknown;
        };
        Product: {
            /** @description The product's name, e.g. `Organic cotton tee`. */
            title: string | null;
            /** @description The variant bought, e.g. `Black / M`; null when the product has one variant. */
            variant_title: string | null;
            /** @description The variant's option values, e.g. `[{ name: 'Colour', value: 'Black' }]`. */
            options: {
                name: string;
                value: string;
            }[];
            /** @description A picture of the variant (the shop's URL). */
            image_url: string | null;
            /** @description The product's page in the shop. */
            product_url: string | null;
            /** @description The shop's product type, e.g. `T-shirt`, which reason rules can use. */
            product_type: string | null;
            /** @description The shop's tags of the product. */
            tags: string[];
        };
        Reason: {
            /** @description What a create or update body sends as `reason`. */
            code: string;
            /** @enum {string} */
            kind: "fit" | "other";
            /** @description Which way a fit reason did not fit. */
            direction: ("TOO_SMALL" | "TOO_LARGE" | "TOO_TIGHT" | "TOO_LOOSE" | "TOO_SHORT" | "TOO_LONG") | null;
            /** @description Where, for fit reasons that say. */
            body_part: string | null;
            /** @description An English label made from the code. */
            label: string;
        };
        ReasonList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Reason"][];
        };
        Refund: {
            currency: string;
            /** @description Digits of the currency's minor unit, as ISO 4217 lists them and the amounts count them: an amount of 10^currency_exponent is one unit of the currency (2 for EUR and HUF, 0 for JPY, 3 for KWD and IQD, 2 for MGA and MRU). Render from it, not from a formatter's own digits (Intl shows HUF with 0). */
            currency_exponent: number;
            /** @description The accepted units' price less the condition deduction (0 for an exchange). */
            item_amount: number;
            restocking_fee: number;
            /** @description This return's share of its request's fee. */
            return_shipping_fee: number;
            /** @description item_amount − restocking_fee − return_shipping_fee, plus the store-credit bonus. */
            total: number;
            /** @enum {string} */
            method: "original_payment" | "store_credit" | "exchange";
            /** @enum {string} */
            status: "estimate" | "final";
        };
        RefundEstimates: {
            REFUND?: components["schemas"]["Refund"];
            STORE_CREDIT?: components["schemas"]["Refund"];
            EXCHANGE?: components["schemas"]["Refund"];
        };
        ReplacedLabel: {
            /** @description The carrier adapter that sold it. */
            carrier: string;
            /** @description The carrier's shipment of the replaced label. */
            shipment_id: string;
            /** @description Its tracking number: scans of it no longer move the return. */
            tracking_number: string | null;
            /**
             * @description `pending` until the carrier answered the void (a durable job); then `voided`, `void_pending` (settled later) or `void_refused`.
             * @enum {string}
             */
            void_status: "pending" | "voided" | "void_pending" | "void_refused";
            /** @description Calls to void it that failed and were tried again (the webhook schedule). */
            attempts: number;
        };
        /** @enum {string} */
        Resolution: "REFUND" | "STORE_CREDIT" | "EXCHANGE";
        Return: {
            id: string;
            /** @constant */
            object: "return";
            order_id: string;
            line: components["schemas"]["ReturnLine"];
            /** @description The order line as last checked (at create, update and submit); null when the service is not connected to the shop's orders. */
            order_line: components["schemas"]["ReturnOrderLine"] | null;
            /** @description What the return refunds, in the order's currency: an estimate until graded, then final. Null when the order line has no price (no `orders`, or the shop gave none). */
            refund: components["schemas"]["Refund"] | null;
            /** @description What the host recorded as paid back (`POST …/refunds`), in the order recorded; empty until then. */
            payouts: components["schemas"]["Payout"][];
            /** @description The payouts' amounts added up, in the refund's minor unit: never more than `refund.total`. */
            refunded_amount: number;
            reason: string;
            resolution: components["schemas"]["Resolution"];
            /** @description What the customer gets in exchange and the difference it settles; null unless the resolution is `EXCHANGE`, or was until its payment lapsed (`status: fallen_back`). */
            exchange: components["schemas"]["Exchange"] | null;
            state: components["schemas"]["ReturnState"];
            flagged_from: components["schemas"]["ReturnState"] | null;
            grade: components["schemas"]["Grade"] | null;
            shipment: components["schemas"]["Shipment"] | null;
            /** @description The return label bought for its parcel (the `carriers` option); null when none is bought. */
            label: components["schemas"]["Label"] | null;
            /** @description What the carrier's scans of its parcel said; null before the first scan. */
            tracking: components["schemas"]["Tracking"] | null;
            customer_id: string;
            /** @description The return request it was created in (`POST /v1/portal/return-requests`), with the order's other lines; null for a return created on its own. */
            request_id: string | null;
            /** @description How the customer sends it back, chosen when it was created among the policy's `return_methods` (`GET /v1/return-policy` says what to do for each). */
            return_method: components["schemas"]["ReturnMethod"];
            /** @description The RMA number of its return request (`RMA-7KQ3-X9TD`), the same on each of the request's returns; null for a return created on its own, or in a request created before RMA numbers. */
            rma: string | null;
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            history: components["schemas"]["HistoryEntry"][];
            _links: {
                [key: string]: components["schemas"]["Link"];
            };
            _templates: {
                [key: string]: components["schemas"]["Template"];
            };
        };
        ReturnableOrder: {
            /** @constant */
            object: "returnable_order";
            order_id: string;
            /** @description The order number the customer knows, e.g. `#1001`; null when the shop gives none. */
            order_number: string | null;
            currency: string | null;
            /** @description Digits of the currency's minor unit (ISO 4217), for `unit_price`; null when the order names no ISO 4217 currency. */
            currency_exponent: number | null;
            /** Format: date-time */
            placed_at: string;
            delivered_at: string | null;
            lines: {
                sku: string;
                size: string | null;
                product: components["schemas"]["Product"];
                /** @description Units bought. */
                purchased: number;
                /** @description Units in returns that are not cancelled or rejected. */
                in_returns: number;
                /** @description Units a new return may take now. */
                returnable_quantity: number;
                /** Format: date-time */
                returnable_until: string;
                final_sale: boolean;
                /** @description In the currency's minor unit (cents). */
                unit_price: number | null;
                /** @description The problem a return of this line would get now; null when it can be returned. */
                refusal: ("urn:returnkit:problem:quantity-exceeds-returnable" | "urn:returnkit:problem:return-window-closed" | "urn:returnkit:problem:not-returnable") | null;
                /** @description What the customer may ask for; empty when the line cannot be returned. */
                resolutions: components["schemas"]["Resolution"][];
                /** @description What the line can be exchanged for (`exchange_for.sku`), with its price now; null when the shop gives no `exchanges` (an exchange is then like for like, at the price paid). */
                exchange_offers: components["schemas"]["ExchangeOffer"][] | null;
                reasons: components["schemas"]["LineReasons"];
                /** @description What a return of the line's whole returnable quantity would refund, per resolution on offer, before a reason is chosen (so no fee is waived by reason); null when the line has no price or nothing can be returned. */
                refund_estimates: components["schemas"]["RefundEstimates"] | null;
                /** @description `create`, pre-filled for this line, when it can be returned. */
                _templates: {
                    [key: string]: components["schemas"]["Template"];
                };
            }[];
            _links: {
                [key: string]: components["schemas"]["Link"];
            };
            /** @description `create_request`, when at least one line can be returned: one request of several lines. Its properties name each returnable line's members as `lines[i].<member>` (`lines[0].line.sku`); send the entries of the lines to return, leave the others out. */
            _templates: {
                [key: string]: components["schemas"]["Template"];
            };
        };
        ReturnAddress: {
            /** @description Who receives it: the shop or its warehouse. */
            name: string;
            /** @description Street, number, building: one per line. */
            lines: string[];
            postcode: string;
            city: string;
            /** @description ISO 3166-1 alpha-2 code. */
            country: string;
        };
        ReturnData: {
            id: string;
            /** @constant */
            object: "return";
            order_id: string;
            line: components["schemas"]["ReturnLine"];
            /** @description The order line as last checked (at create, update and submit); null when the service is not connected to the shop's orders. */
            order_line: components["schemas"]["ReturnOrderLine"] | null;
            /** @description What the return refunds, in the order's currency: an estimate until graded, then final. Null when the order line has no price (no `orders`, or the shop gave none). */
            refund: components["schemas"]["Refund"] | null;
            /** @description What the host recorded as paid back (`POST …/refunds`), in the order recorded; empty until then. */
            payouts: components["schemas"]["Payout"][];
            /** @description The payouts' amounts added up, in the refund's minor unit: never more than `refund.total`. */
            refunded_amount: number;
            reason: string;
            resolution: components["schemas"]["Resolution"];
            /** @description What the customer gets in exchange and the difference it settles; null unless the resolution is `EXCHANGE`, or was until its payment lapsed (`status: fallen_back`). */
            exchange: components["schemas"]["Exchange"] | null;
            state: components["schemas"]["ReturnState"];
            flagged_from: components["schemas"]["ReturnState"] | null;
            grade: components["schemas"]["Grade"] | null;
            shipment: components["schemas"]["Shipment"] | null;
            /** @description The return label bought for its parcel (the `carriers` option); null when none is bought. */
            label: components["schemas"]["Label"] | null;
            /** @description What the carrier's scans of its parcel said; null before the first scan. */
            tracking: components["schemas"]["Tracking"] | null;
            customer_id: string;
            /** @description The return request it was created in (`POST /v1/portal/return-requests`), with the order's other lines; null for a return created on its own. */
            request_id: string | null;
            /** @description How the customer sends it back, chosen when it was created among the policy's `return_methods` (`GET /v1/return-policy` says what to do for each). */
            return_method: components["schemas"]["ReturnMethod"];
            /** @description The RMA number of its return request (`RMA-7KQ3-X9TD`), the same on each of the request's returns; null for a return created on its own, or in a request created before RMA numbers. */
            rma: string | null;
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            history: components["schemas"]["HistoryEntry"][];
        };
        ReturnLine: {
            sku: string;
            quantity: number;
            size: string | null;
        };
        ReturnList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Return"][];
            next_cursor: string | null;
            _links: {
                [key: string]: components["schemas"]["Link"];
            };
        };
        /** @enum {string} */
        ReturnMethod: "by_mail" | "drop_off" | "in_store";
        ReturnMethods: {
            /** @description The customer posts the parcel to `address`. */
            by_mail?: {
                /** @description Where the parcel is sent. */
                address: components["schemas"]["ReturnAddress"];
                /** @description What the customer does, in the shop's words, shown with the request. */
                instructions?: string;
            };
            /** @description The customer hands the parcel in at a carrier's drop-off point. */
            drop_off?: {
                /** @description What the customer does, in the shop's words, shown with the request. */
                instructions: string;
                /** @description The carrier whose points take the parcel. */
                carrier?: string;
                /**
                 * Format: uri
                 * @description Where a customer finds a drop-off point (https).
                 */
                locator_url?: string;
                /** @description Where the carrier takes the parcel, for the packing slip; absent when a label says it. */
                address?: components["schemas"]["ReturnAddress"];
            };
            /** @description The customer brings the items to a store. */
            in_store?: {
                /** @description What the customer does, in the shop's words, shown with the request. */
                instructions: string;
                /** @description The stores that take returns, one line each (`Berlin Mitte, Torstr. 1`). */
                locations?: string[];
            };
        };
        ReturnOrderLine: {
            /** @description The order number the customer and staff know, e.g. `#1001`; null when the shop gives none. */
            order_number: string | null;
            /** @description What the customer saw when the return was checked. */
            product: components["schemas"]["Product"];
            /** @description Who placed the order, when the shop says; for staff. */
            customer: components["schemas"]["OrderCustomer"] | null;
            /** @description Units bought on the order line. */
            purchased: number;
            /** @description Price of one unit in the currency's minor unit (cents). */
            unit_price: number | null;
            /** @description ISO 4217 code of the order's prices. */
            currency: string | null;
            /** @description Digits of the currency's minor unit (ISO 4217): `unit_price / 10^currency_exponent` is the price. Null when the order names no ISO 4217 currency. */
            currency_exponent: number | null;
            /** Format: date-time */
            placed_at: string;
            delivered_at: string | null;
            /**
             * Format: date-time
             * @description The end of the line's return window.
             */
            returnable_until: string;
            /** @description Where the order was delivered, when the shop says: a return label is bought from it. */
            shipping_address: components["schemas"]["ShippingAddress"] | null;
        };
        ReturnPolicy: {
            /** @constant */
            object: "return_policy";
            /** @description The window the service enforces on each return; a line's own `returnable_until` overrides it. Null when the service is not connected to the shop's orders and so enforces none. */
            return_window: {
                /** @description Days a line can be returned. */
                days: number;
                /**
                 * @description The order's delivery, else its placing when no delivery is recorded.
                 * @constant
                 */
                counted_from: "delivery";
            } | null;
            /** @description Lines sold as final sale cannot be returned. Null when the service is not connected to the shop's orders and so cannot tell. */
            final_sale: {
                /** @constant */
                returnable: false;
            } | null;
            /** @description What a customer may ask for: money back, store credit, or an exchange (which settles only the price difference, if any). */
            resolutions: ("REFUND" | "STORE_CREDIT" | "EXCHANGE")[];
            /** @description How items come back, in the order offered; a request names one as `return_method`. */
            return_methods: components["schemas"]["ReturnMethod"][];
            /** @description What the customer is told for each method of `return_methods` the shop described (the return address, drop-off instructions, the stores); `{}` when the shop gave none. */
            return_method_details: components["schemas"]["ReturnMethods"];
            fees: {
                /** @description Taken from the item amount after the condition deduction. */
                restocking_fee: {
                    /** @description Percent of the refunded item amount kept back; rounded half down to the minor unit. */
                    percent: number;
                    /** @description Return reason codes for which it is not charged. */
                    waived_for_reasons: string[];
                    /** @description Resolutions for which it is not charged (always `EXCHANGE`: no fee is charged on an exchange). */
                    waived_for_resolutions: ("REFUND" | "STORE_CREDIT" | "EXCHANGE")[];
                };
                /** @description Charged once per request (the returns sent together), shared among its returns, and never more than they refund. */
                return_shipping_fee: {
                    /** @description Per currency, in its minor unit (`{ EUR: 495 }` is €4.95); none in a currency not named. */
                    amount: {
                        [key: string]: number;
                    };
                    /** @description Digits of the minor unit (ISO 4217) of each currency in `amount`: `{ EUR: 2 }`, so 495 is 4.95. */
                    currency_exponents: {
                        [key: string]: number;
                    };
                    /** @description Return reason codes for which it is not charged. */
                    waived_for_reasons: string[];
                    /** @description Resolutions that bear none of it (always `EXCHANGE`: no fee is charged on an exchange). */
                    waived_for_resolutions: ("REFUND" | "STORE_CREDIT" | "EXCHANGE")[];
                };
                /** @description Extra credit, in percent of the net refund, for store credit. */
                store_credit_bonus_percent: number;
                /** @description Percent of the accepted units' price deducted for the graded condition. */
                condition_deductions: {
                    [key: string]: number;
                };
                /** @description Value given toward the new items when the customer chooses an exchange: it lowers what the customer pays for a dearer item, at most to nothing, and is never paid out. Null when the shop gives none. */
                exchange_bonus: ({
                    /** @description Per exchanged return, per currency, in its minor unit (`{ EUR: 500 }`). */
                    flat: {
                        [key: string]: number;
                    };
                    /** @description Digits of the minor unit (ISO 4217) of each currency in `flat`. */
                    currency_exponents: {
                        [key: string]: number;
                    };
                } | {
                    /** @description Percent of the returned units' value (price paid less any condition deduction). */
                    percent: number;
                }) | null;
            };
            /** @description How exchanges go out, and what a difference not paid in time turns them into. */
            exchanges: {
                /**
                 * @description `standard`: the new items go out once the return is received; `instant`: at approval, against a hold of the price paid.
                 * @enum {string}
                 */
                mode: "standard" | "instant";
                /** @description Instant: days after approval the hold falls due unless the return has shipped; null for standard. */
                hold_days: number | null;
                /** @description Days after approval a difference the customer pays is awaited. */
                payment_days: number;
                /**
                 * @description What the return becomes when the difference is not paid in time.
                 * @enum {string}
                 */
                when_unpaid: "refund" | "store_credit";
            };
            /** @description ISO 3166-1 alpha-2 codes of the countries the policy applies to, when set. */
            applicable_countries?: string[];
        };
        ReturnRequest: {
            id: string;
            /** @constant */
            object: "return_request";
            order_id: string;
            customer_id: string;
            /** @description A short code for the parcel (`RMA-7KQ3-X9TD`) that staff search (`GET /v1/merchant/returns?rma=`) and a customer reads out; unique in the store. Null for a request created before RMA numbers. */
            rma: string | null;
            /** @description How the parcel travels back. */
            return_method: components["schemas"]["ReturnMethod"];
            /** Format: date-time */
            created_at: string;
            returns: components["schemas"]["Return"][];
            /** @description Its returns' refunds added up, in minor units; null when no return has a price. */
            refund: components["schemas"]["ReturnRequestRefund"] | null;
            /** @description Its exchanges' differences netted: the one payment or the one refund that settles all of them, for a host that settles the request at once. Each return keeps its own difference (a `shop_refunds` one as its `refund.total`, which `refund.total` here adds up gross). Null when it has no priced exchange. */
            exchange_difference: components["schemas"]["ExchangeDifference"] | null;
            /** @description `self`, `returns` (the list filtered to this request) and `item`: each return. */
            _links: {
                [key: string]: components["schemas"]["Link"] | components["schemas"]["Link"][];
            };
            /** @description `submit` (a customer, while drafts remain) and `ship` (the back office, while returns are approved). */
            _templates: {
                [key: string]: components["schemas"]["Template"];
            };
        };
        ReturnRequestEstimate: {
            /** @constant */
            object: "return_request_estimate";
            order_id: string;
            /** @description One entry per line sent, in the order sent. */
            lines: {
                line: components["schemas"]["ReturnLine"];
                reason: string;
                resolution: components["schemas"]["Resolution"];
                /** @description What this line's return would refund if the request were created now, its share of the return shipping fee included (status `estimate`); null when the order line has no price. */
                refund: components["schemas"]["Refund"] | null;
                /** @description The exchange the line would get, with its difference; null unless its resolution is `EXCHANGE` (a line the shop's `whenUnavailable` turned into store credit says `STORE_CREDIT`). */
                exchange: components["schemas"]["Exchange"] | null;
            }[];
            /** @description The lines' refunds added up, in minor units; null when no line has a price. */
            refund: components["schemas"]["ReturnRequestRefund"] | null;
            /** @description The exchanges' differences netted: the one payment the customer would make, or the one refund, for all of them (each line keeps its own; `refund.total` adds up the `shop_refunds` ones gross). Null when no line is a priced exchange. */
            exchange_difference: components["schemas"]["ExchangeDifference"] | null;
            /** @description `returnable`: the order's returnable lines, whose `create_request` creates it. */
            _links: {
                [key: string]: components["schemas"]["Link"];
            };
        };
        ReturnRequestRefund: {
            /** @description ISO 4217 code of the order's currency. */
            currency: string;
            /** @description Digits of the currency's minor unit, as ISO 4217 lists them and the amounts count them: an amount of 10^currency_exponent is one unit of the currency (2 for EUR and HUF, 0 for JPY, 3 for KWD and IQD, 2 for MGA and MRU). Render from it, not from a formatter's own digits (Intl shows HUF with 0). */
            currency_exponent: number;
            item_amount: number;
            restocking_fee: number;
            /** @description The request's return shipping fee: its returns' shares, added up. */
            return_shipping_fee: number;
            total: number;
            /**
             * @description `final` once every return's refund is final (graded, rejected or cancelled).
             * @enum {string}
             */
            status: "estimate" | "final";
        };
        /** @enum {string} */
        ReturnState: "draft" | "submitted" | "approved" | "in_transit" | "received" | "graded" | "closed" | "rejected" | "flagged" | "cancelled";
        RevivedDeliveries: {
            /** @constant */
            object: "webhook_redelivery";
            /** @description Dead deliveries made pending again, due now. */
            revived: number;
            /** @description Dead deliveries selected but left dead: their endpoint was deleted (never sent to an endpoint that took its id since). */
            skipped: number;
        };
        Shipment: {
            carrier: string | null;
            tracking_number: string | null;
        };
        ShippingAddress: {
            name: string;
            company?: string;
            street1: string;
            street2?: string;
            city: string;
            state?: string;
            postal_code: string;
            /** @description ISO 3166-1 alpha-2. */
            country: string;
            phone?: string;
            email?: string;
        };
        Template: {
            title: string;
            /** @enum {string} */
            method: "POST" | "PATCH";
            target: string;
            /** @constant */
            contentType: "application/json";
            /** @description A link to the JSON Schema of the body, in the OpenAPI document (`…/openapi.json#/components/requestBodies/<Id>/content/application~1json/schema`). */
            schema: components["schemas"]["Link"];
            requiredScopes: string[];
            /** @description Members pre-filled for this resource; `schema` has the full body. */
            properties?: components["schemas"]["TemplateProperty"][];
        };
        TemplateProperty: {
            /** @description The body member; a dotted path for a nested one (`line.sku`), `lines[i].` for a member of the i-th entry of an array (`lines[0].reason`). */
            name: string;
            /** @description The value to send, as its JSON type. */
            value?: string | number;
            readOnly?: boolean;
            required?: boolean;
            min?: number;
            max?: number;
            /** @description The values the member may take. */
            options?: {
                inline: string[];
            };
        };
        Tracking: {
            /**
             * @description The status of the latest scan by scan time (an `exception` shows here).
             * @enum {string}
             */
            status: "label_created" | "in_transit" | "out_for_delivery" | "delivered" | "exception" | "returned_to_sender";
            /**
             * Format: date-time
             * @description The scan time of the latest scan.
             */
            last_event_at: string;
            /** @description The latest 25 scans, in scan-time order. */
            events: components["schemas"]["TrackingScan"][];
        };
        TrackingReceipt: {
            /** @constant */
            object: "tracking_receipt";
            /** @description The scans the webhook held. */
            events: number;
            /** @description The returns a scan changed: 0 for a replay, or for a tracking number no return holds (ignored, still 200 so the carrier does not retry). */
            returns_updated: number;
        };
        TrackingScan: {
            /** @description The carrier's id of the scan: replays are ignored. */
            provider_event_id: string;
            /** @enum {string} */
            status: "label_created" | "in_transit" | "out_for_delivery" | "delivered" | "exception" | "returned_to_sender";
            /**
             * Format: date-time
             * @description The carrier's scan time.
             */
            occurred_at: string;
            description: string | null;
            location: string | null;
        };
        WebhookAttempt: {
            /** @description ISO 8601 time (UTC). */
            at: string;
            /** @description The receiver's HTTP status; null when none arrived. */
            status: number | null;
            /** @description Why it failed when the status does not say: a refused destination's rule, a redirect not followed, or one sentence for any attempt without an HTTP answer (the service's log says which). */
            error: string | null;
            duration_ms: number;
        };
        WebhookDelivery: {
            /** @constant */
            object: "webhook_delivery";
            id: string;
            event_id: string;
            endpoint_id: string;
            /** @description Its event's return; null for an event about no return (a customer's). */
            return_id: string | null;
            subject: components["schemas"]["EventSubject"];
            /** @enum {string} */
            status: "pending" | "delivered" | "dead";
            /** @description Every attempt ever made, revivals included: the length of `attempts`. */
            attempt_count: number;
            /** @description Attempts since it was last revived (all of them if never): what the retry schedule counts, so a revived delivery gets the whole schedule again. */
            attempts_since_revival: number;
            /** @description When a pending delivery is next tried. */
            next_attempt_at: string | null;
            /** @description Every attempt, oldest first. */
            attempts: components["schemas"]["WebhookAttempt"][];
            delivered_at: string | null;
            dead_at: string | null;
        };
        WebhookDeliveryList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["WebhookDelivery"][];
            /** @description The `cursor` of the next page (also `_links.next`); null on the last page. */
            next_cursor: string | null;
            _links: {
                [key: string]: components["schemas"]["Link"];
            };
        };
        WebhookEndpoint: {
            /** @constant */
            object: "webhook_endpoint";
            id: string;
            /** @enum {string} */
            kind: "webhook" | "subscriber";
            /** @description null for a subscriber (host code). */
            url: string | null;
            types: components["schemas"]["WebhookEventType"][] | null;
            enabled: boolean;
            disabled_reason: string | null;
            /** @description ISO 8601 time (UTC). */
            created_at: string;
            /** @description How many secrets sign an attempt made now. */
            signing_secrets: number;
            /** @description While a rotation overlaps: when the last of the previous secrets stops signing (each stops at its own time). */
            previous_secrets_until: string | null;
            /**
             * @description `api`: created over HTTP or a CLI, changed here. `options` and `subscriber`: code owns it; only `enabled` can change here.
             * @enum {string}
             */
            managed_by: "api" | "options" | "subscriber";
            _links: {
                [key: string]: components["schemas"]["Link"];
            };
        };
        WebhookEndpointList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["WebhookEndpoint"][];
        };
        WebhookEndpointWithSecret: {
            /** @constant */
            object: "webhook_endpoint";
            id: string;
            /** @enum {string} */
            kind: "webhook" | "subscriber";
            /** @description null for a subscriber (host code). */
            url: string | null;
            types: components["schemas"]["WebhookEventType"][] | null;
            enabled: boolean;
            disabled_reason: string | null;
            /** @description ISO 8601 time (UTC). */
            created_at: string;
            /** @description How many secrets sign an attempt made now. */
            signing_secrets: number;
            /** @description While a rotation overlaps: when the last of the previous secrets stops signing (each stops at its own time). */
            previous_secrets_until: string | null;
            /**
             * @description `api`: created over HTTP or a CLI, changed here. `options` and `subscriber`: code owns it; only `enabled` can change here.
             * @enum {string}
             */
            managed_by: "api" | "options" | "subscriber";
            _links: {
                [key: string]: components["schemas"]["Link"];
            };
            /** @description The new `whsec_` signing secret: shown in this response only, never listed. */
            secret: string;
        };
        WebhookEvent: {
            /** @constant */
            object: "webhook_event";
            /** @description `evt_` + ULID: the `webhook-id` of every attempt. */
            id: string;
            /** @description The return it is about; null for an event about no return (a customer's). */
            return_id: string | null;
            subject: components["schemas"]["EventSubject"];
            /** @description The history entry that produced it; null for an event that records no transition. */
            seq: number | null;
            type: components["schemas"]["WebhookEventType"];
            /** @description ISO 8601 time (UTC). */
            created_at: string;
            payload: {
                type: components["schemas"]["WebhookEventType"];
                /** @description ISO 8601 time (UTC). */
                timestamp: string;
                data: {
                    [key: string]: unknown;
                };
            };
        };
        WebhookEventList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["WebhookEvent"][];
            _links: {
                [key: string]: components["schemas"]["Link"];
            };
        };
        /** @enum {string} */
        WebhookEventType: "return.created" | "return.submitted" | "return.approved" | "return.rejected" | "return.flagged" | "return.unflagged" | "return.in_transit" | "return.received" | "return.graded" | "return.closed" | "return.cancelled" | "return.fit_signal" | "return.refunded" | "return.exchange_released" | "return.exchange_paid" | "return.exchange_fallen_back" | "return.exchange_order_recorded" | "return.exchange_hold_due" | "return.exchange_hold_released" | "return.label_created" | "return.tracking_updated" | "customer.erased";
        WebhookTestResult: {
            /** @constant */
            object: "webhook_test";
            endpoint_id: string;
            /** @description The `webhook-id` sent; the event is not stored. */
            event_id: string;
            /** @description true for a 2xx within the timeout. */
            delivered: boolean;
            /** @description The 2xx status when delivered; null otherwise. */
            status: number | null;
            /** @description Null when delivered; a refused destination's rule; else one sentence whatever happened (the service's log says what). */
            error: string | null;
            duration_ms: number;
        };
    };
    responses: {
        /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
        BadRequest: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
        Unauthorized: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
        Forbidden: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No such return for this caller (another customer's return is not found either), no such order for this caller (`order-not-found`, the same for another customer's order; for a guest's lookup, the same for an unknown number as for a wrong email or postcode), a service not connected to the shop's orders (`orders-not-configured`), an unknown event, or no such path; for the webhook operations, no such endpoint (`endpoint-not-found`) or event (`event-not-found`). */
        NotFound: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The event does not apply in the return's state (`allowed_events` lists those that do), the return's history is full (`history-limit-reached`), the return changed concurrently (`concurrent-update`: send it again), or an approval found the item a return is exchanged for no longer offered or available (`exchange-no-longer-available`). For webhook endpoints: the id exists (`endpoint-exists`), the endpoint is the code's (`endpoint-managed-in-code`: a subscriber, or one from the service's options; only enabling or disabling it is possible), a test event to it still waits for its answer (`test-event-in-flight`, with `Retry-After`), or another change to it won the race (`endpoint-concurrent-update`: nothing was changed; send it again, with the same Idempotency-Key if you like). For a redelivery: an earlier event of the return is dead to the same endpoint (`redelivery-out-of-order`, `dead_ahead` lists them; recover keeps order, `out_of_order: true` sends it anyway). */
        Conflict: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description If-Match names another version than the current one: of the return (`precondition-failed`, with `current_version`), or of the document (`document-changed`, with `current_etag`). */
        PreconditionFailed: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body exceeds the size limit (16 KiB by default). */
        PayloadTooLarge: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is not application/json. */
        UnsupportedMediaType: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description This Idempotency-Key was already used with a different request (`idempotency-key-reused`); or the shop's order refuses the return: `quantity-exceeds-returnable` (`returnable_quantity`), `return-window-closed` (`returnable_until`), `not-returnable` (final sale), `refused-by-policy` (the shop's own `code`), `reason-not-allowed` (a reason outside those the shop allows for the line's product; `allowed_reasons` lists them), `exchange-not-offered` or `exchange-unavailable` (the item asked for in exchange; `offers` lists the skus available now). A webhook endpoint's URL that points inside the network or carries credentials (`webhook-destination-refused`: `rule` names why, e.g. `loopback`, `private`, `cloud-metadata`, `userinfo`). */
        UnprocessableContent: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Too many guest lookups from this address or for this order number in the window (`too-many-lookups`); `Retry-After` says when to try again. */
        TooManyRequests: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
        InternalError: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The shop's order system could not be read (`orders-unavailable`, with `Retry-After`) or answered something unusable (`order-source-invalid`); nothing was changed. */
        BadGateway: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
        ServiceUnavailable: {
            headers: {
                "Request-Id": components["headers"]["Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @description The return's id (`ret_` + ULID). */
        ReturnId: string;
        /** @description The shop's id of one of the caller's orders. */
        OrderId: string;
        /** @description The shop's id of a customer, as its returns record it (a portal token's `sub`): 1-255 characters, percent-encoded as one path segment. */
        CustomerId: string;
        /** @description A webhook endpoint's id (`ep_…`, one given at creation, or `sub_<name>`). */
        EndpointId: string;
        /** @description A carrier adapter's name (`easypost`): the `carriers` option's `label` or one of its `tracking`. */
        CarrierName: string;
        /** @description A webhook event's id (`evt_` + ULID), its `webhook-id` header. */
        EventId: string;
        /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
        IdempotencyKey: string;
        /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
        IfMatch: string;
        /** @description The ETag of a cached copy; 304 without a body while it is still current. */
        IfNoneMatch: string;
    };
    requestBodies: {
        ApproveReturn: {
            content: {
                "application/json": {
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        CancelReturn: {
            content: {
                "application/json": {
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        CloseReturn: {
            content: {
                "application/json": {
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        CreateReturn: {
            content: {
                "application/json": {
                    order_id: string;
                    line: {
                        sku: string;
                        /** @default 1 */
                        quantity?: number;
                        /** @description The size that was ordered. */
                        size?: string;
                    };
                    /**
                     * @description A reason code of the catalogue (`GET /v1/reasons` lists them).
                     * @enum {string}
                     */
                    reason: "TOO_SMALL" | "TOO_LARGE" | "TOO_SMALL_AT_CHEST" | "TOO_SMALL_AT_WAIST" | "TOO_SMALL_AT_HIPS" | "TOO_SMALL_AT_SHOULDERS" | "TOO_SMALL_AT_SLEEVES" | "TOO_SMALL_AT_NECK" | "TOO_SMALL_AT_INSEAM" | "TOO_SMALL_AT_THIGHS" | "TOO_SMALL_AT_LENGTH" | "TOO_SMALL_AT_FOOT" | "TOO_SMALL_AT_TOE" | "TOO_SMALL_AT_WIDTH" | "TOO_LARGE_AT_CHEST" | "TOO_LARGE_AT_WAIST" | "TOO_LARGE_AT_HIPS" | "TOO_LARGE_AT_SHOULDERS" | "TOO_LARGE_AT_SLEEVES" | "TOO_LARGE_AT_NECK" | "TOO_LARGE_AT_INSEAM" | "TOO_LARGE_AT_THIGHS" | "TOO_LARGE_AT_LENGTH" | "TOO_LARGE_AT_FOOT" | "TOO_LARGE_AT_TOE" | "TOO_LARGE_AT_WIDTH" | "TOO_TIGHT_AT_CHEST" | "TOO_TIGHT_AT_WAIST" | "TOO_TIGHT_AT_HIPS" | "TOO_TIGHT_AT_SHOULDERS" | "TOO_TIGHT_AT_SLEEVES" | "TOO_TIGHT_AT_NECK" | "TOO_TIGHT_AT_INSEAM" | "TOO_TIGHT_AT_THIGHS" | "TOO_TIGHT_AT_LENGTH" | "TOO_TIGHT_AT_FOOT" | "TOO_TIGHT_AT_TOE" | "TOO_TIGHT_AT_WIDTH" | "TOO_LOOSE_AT_CHEST" | "TOO_LOOSE_AT_WAIST" | "TOO_LOOSE_AT_HIPS" | "TOO_LOOSE_AT_SHOULDERS" | "TOO_LOOSE_AT_SLEEVES" | "TOO_LOOSE_AT_NECK" | "TOO_LOOSE_AT_INSEAM" | "TOO_LOOSE_AT_THIGHS" | "TOO_LOOSE_AT_LENGTH" | "TOO_LOOSE_AT_FOOT" | "TOO_LOOSE_AT_TOE" | "TOO_LOOSE_AT_WIDTH" | "TOO_SHORT_AT_CHEST" | "TOO_SHORT_AT_WAIST" | "TOO_SHORT_AT_HIPS" | "TOO_SHORT_AT_SHOULDERS" | "TOO_SHORT_AT_SLEEVES" | "TOO_SHORT_AT_NECK" | "TOO_SHORT_AT_INSEAM" | "TOO_SHORT_AT_THIGHS" | "TOO_SHORT_AT_LENGTH" | "TOO_SHORT_AT_FOOT" | "TOO_SHORT_AT_TOE" | "TOO_SHORT_AT_WIDTH" | "TOO_LONG_AT_CHEST" | "TOO_LONG_AT_WAIST" | "TOO_LONG_AT_HIPS" | "TOO_LONG_AT_SHOULDERS" | "TOO_LONG_AT_SLEEVES" | "TOO_LONG_AT_NECK" | "TOO_LONG_AT_INSEAM" | "TOO_LONG_AT_THIGHS" | "TOO_LONG_AT_LENGTH" | "TOO_LONG_AT_FOOT" | "TOO_LONG_AT_TOE" | "TOO_LONG_AT_WIDTH" | "DAMAGED" | "DEFECTIVE" | "WRONG_ITEM" | "NOT_AS_DESCRIBED" | "CHANGED_MIND" | "ARRIVED_LATE" | "OTHER";
                    resolution: components["schemas"]["Resolution"];
                    /** @description With `resolution: EXCHANGE`: the item wanted instead, one of the line's `exchange_offers`, as many units as are returned, priced by the shop. Required when the shop offers exchanges; without them the exchange is like for like (the same item again) and this may be left out. */
                    exchange_for?: {
                        /** @description An offer's sku (`exchange_offers` of the line). */
                        sku: string;
                    };
                    /**
                     * @description How the parcel travels back; the shop offers only `by_mail`, the default.
                     * @enum {string}
                     */
                    return_method?: "by_mail";
                } & ({
                    /** @constant */
                    resolution: "EXCHANGE";
                } | {
                    /** @enum {unknown} */
                    resolution: "REFUND" | "STORE_CREDIT";
                    exchange_for?: never;
                });
            };
        };
        CreateReturnRequest: {
            content: {
                "application/json": {
                    order_id: string;
                    /** @description One entry per order line (a line at most once): each becomes a draft return. */
                    lines: {
                        line: {
                            sku: string;
                            /** @description The size that was ordered. */
                            size?: string;
                        };
                        /** @default 1 */
                        quantity?: number;
                        /**
                         * @description A reason code of the catalogue (`GET /v1/reasons` lists them).
                         * @enum {string}
                         */
                        reason: "TOO_SMALL" | "TOO_LARGE" | "TOO_SMALL_AT_CHEST" | "TOO_SMALL_AT_WAIST" | "TOO_SMALL_AT_HIPS" | "TOO_SMALL_AT_SHOULDERS" | "TOO_SMALL_AT_SLEEVES" | "TOO_SMALL_AT_NECK" | "TOO_SMALL_AT_INSEAM" | "TOO_SMALL_AT_THIGHS" | "TOO_SMALL_AT_LENGTH" | "TOO_SMALL_AT_FOOT" | "TOO_SMALL_AT_TOE" | "TOO_SMALL_AT_WIDTH" | "TOO_LARGE_AT_CHEST" | "TOO_LARGE_AT_WAIST" | "TOO_LARGE_AT_HIPS" | "TOO_LARGE_AT_SHOULDERS" | "TOO_LARGE_AT_SLEEVES" | "TOO_LARGE_AT_NECK" | "TOO_LARGE_AT_INSEAM" | "TOO_LARGE_AT_THIGHS" | "TOO_LARGE_AT_LENGTH" | "TOO_LARGE_AT_FOOT" | "TOO_LARGE_AT_TOE" | "TOO_LARGE_AT_WIDTH" | "TOO_TIGHT_AT_CHEST" | "TOO_TIGHT_AT_WAIST" | "TOO_TIGHT_AT_HIPS" | "TOO_TIGHT_AT_SHOULDERS" | "TOO_TIGHT_AT_SLEEVES" | "TOO_TIGHT_AT_NECK" | "TOO_TIGHT_AT_INSEAM" | "TOO_TIGHT_AT_THIGHS" | "TOO_TIGHT_AT_LENGTH" | "TOO_TIGHT_AT_FOOT" | "TOO_TIGHT_AT_TOE" | "TOO_TIGHT_AT_WIDTH" | "TOO_LOOSE_AT_CHEST" | "TOO_LOOSE_AT_WAIST" | "TOO_LOOSE_AT_HIPS" | "TOO_LOOSE_AT_SHOULDERS" | "TOO_LOOSE_AT_SLEEVES" | "TOO_LOOSE_AT_NECK" | "TOO_LOOSE_AT_INSEAM" | "TOO_LOOSE_AT_THIGHS" | "TOO_LOOSE_AT_LENGTH" | "TOO_LOOSE_AT_FOOT" | "TOO_LOOSE_AT_TOE" | "TOO_LOOSE_AT_WIDTH" | "TOO_SHORT_AT_CHEST" | "TOO_SHORT_AT_WAIST" | "TOO_SHORT_AT_HIPS" | "TOO_SHORT_AT_SHOULDERS" | "TOO_SHORT_AT_SLEEVES" | "TOO_SHORT_AT_NECK" | "TOO_SHORT_AT_INSEAM" | "TOO_SHORT_AT_THIGHS" | "TOO_SHORT_AT_LENGTH" | "TOO_SHORT_AT_FOOT" | "TOO_SHORT_AT_TOE" | "TOO_SHORT_AT_WIDTH" | "TOO_LONG_AT_CHEST" | "TOO_LONG_AT_WAIST" | "TOO_LONG_AT_HIPS" | "TOO_LONG_AT_SHOULDERS" | "TOO_LONG_AT_SLEEVES" | "TOO_LONG_AT_NECK" | "TOO_LONG_AT_INSEAM" | "TOO_LONG_AT_THIGHS" | "TOO_LONG_AT_LENGTH" | "TOO_LONG_AT_FOOT" | "TOO_LONG_AT_TOE" | "TOO_LONG_AT_WIDTH" | "DAMAGED" | "DEFECTIVE" | "WRONG_ITEM" | "NOT_AS_DESCRIBED" | "CHANGED_MIND" | "ARRIVED_LATE" | "OTHER";
                        resolution: components["schemas"]["Resolution"];
                        /** @description With `resolution: EXCHANGE`: the item wanted instead, one of the line's `exchange_offers`, as many units as are returned, priced by the shop. Required when the shop offers exchanges; without them the exchange is like for like (the same item again) and this may be left out. */
                        exchange_for?: {
                            /** @description An offer's sku (`exchange_offers` of the line). */
                            sku: string;
                        };
                    }[];
                    /**
                     * @description How the parcel travels back; the shop offers only `by_mail`, the default.
                     * @enum {string}
                     */
                    return_method?: "by_mail";
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        CreateWebhookEndpoint: {
            content: {
                "application/json": {
                    /** @description Where events are POSTed (http or https). */
                    url: string;
                    /** @description Event types to receive; every type when omitted or null. */
                    types?: components["schemas"]["WebhookEventType"][] | null;
                    /** @description Defaults to an id derived from the URL (`ep_…`): one endpoint per URL. */
                    id?: string;
                };
            };
        };
        ErasureRequest: {
            content: {
                "application/json": {
                    /** @description Why the data is erased (e.g. `customers/redact`); sent in `customer.erased`. Write no personal data in it. */
                    reason: string;
                };
            };
        };
        FlagReturn: {
            content: {
                "application/json": {
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        GradeReturn: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    condition?: "NEW" | "LIKE_NEW" | "USED" | "DAMAGED" | "UNSELLABLE" | "WRONG_ITEM" | "MISSING";
                    /** @enum {string} */
                    disposition?: "RESTOCK" | "REFURBISH" | "RESELL_DISCOUNTED" | "DONATE" | "RECYCLE" | "DISPOSE";
                    /** @description Units accepted for a refund; the return's quantity when absent. More than the return's quantity is a 400. */
                    accepted_quantity?: number;
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        GuestSessionInput: {
            content: {
                "application/json": {
                    /** @description The order number as the shop's emails show it (#1001). */
                    order_number: string;
                    /** @description The email address the order was placed with. */
                    email?: string;
                    /** @description The postcode the order was delivered to. */
                    postcode?: string;
                };
            };
        };
        ReceiveReturn: {
            content: {
                "application/json": {
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        RecordExchangeOrder: {
            content: {
                "application/json": {
                    /** @description The host's order that sends the exchange's new items. Sending it again records nothing more. */
                    order_id: string;
                };
            };
        };
        RecordExchangePayment: {
            content: {
                "application/json": {
                    /** @description What the customer paid, in the minor unit of the order's currency: exactly the exchange's `customer_pays` difference. */
                    amount: number;
                    /** @description ISO 4217 code of `amount`; when sent, it must be the order's currency. */
                    currency?: string;
                    /** @description The host's reference of the payment (a Stripe payment intent `pi_…`). Sending the same reference and amount again records nothing more. */
                    reference: string;
                    /**
                     * Format: date-time
                     * @description When the customer paid (ISO 8601); when it is recorded if absent.
                     */
                    paid_at?: string;
                };
            };
        };
        RecordRefund: {
            content: {
                "application/json": {
                    /** @description What was paid back, in the minor unit of the return's refund currency (cents for EUR). At most what the final refund has left to pay: `refund.total − refunded_amount`. */
                    amount: number;
                    /** @description ISO 4217 code of `amount`; when sent, it must be the refund's currency (a check, never a conversion). */
                    currency?: string;
                    /** @description The host's reference of the payout in its payment system (a Stripe refund id `re_…`, a gift card number). One payout per reference: sending a reference again with the same amount records nothing more. */
                    reference: string;
                    /**
                     * Format: date-time
                     * @description When the payout was issued (ISO 8601); when it is recorded if absent.
                     */
                    issued_at?: string;
                };
            };
        };
        RecoverWebhookDeliveries: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Revive every delivery that died at or after this time.
                     */
                    since: string;
                };
            };
        };
        RedeliverWebhookEvent: {
            content: {
                "application/json": {
                    /** @description Only this endpoint's dead delivery; every endpoint's when omitted. */
                    endpoint_id?: string;
                    /** @description true sends it even though an earlier event of its return is dead too (so it arrives first); otherwise that is a 409 `redelivery-out-of-order`. */
                    out_of_order?: boolean;
                };
            };
        };
        RejectReturn: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    reason_code?: "FINAL_SALE" | "RETURN_WINDOW_EXPIRED" | "NOT_ELIGIBLE" | "OTHER";
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        RotateWebhookSecret: {
            content: {
                "application/json": {
                    /** @description How long the previous secrets keep signing: default 86400 (24 h), at most 7 days. */
                    overlap_seconds?: number;
                };
            };
        };
        SendWebhookTest: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        ShipReturn: {
            content: {
                "application/json": {
                    carrier?: string;
                    tracking_number?: string;
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        ShipReturnRequest: {
            content: {
                "application/json": {
                    carrier?: string;
                    tracking_number?: string;
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        SubmitReturn: {
            content: {
                "application/json": {
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        SubmitReturnRequest: {
            content: {
                "application/json": {
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        UnflagReturn: {
            content: {
                "application/json": {
                    /** @description Free text kept in the history entry. */
                    note?: string;
                };
            };
        };
        UpdateReturn: {
            content: {
                "application/json": {
                    /**
                     * @description A reason code of the catalogue (`GET /v1/reasons` lists them).
                     * @enum {string}
                     */
                    reason?: "TOO_SMALL" | "TOO_LARGE" | "TOO_SMALL_AT_CHEST" | "TOO_SMALL_AT_WAIST" | "TOO_SMALL_AT_HIPS" | "TOO_SMALL_AT_SHOULDERS" | "TOO_SMALL_AT_SLEEVES" | "TOO_SMALL_AT_NECK" | "TOO_SMALL_AT_INSEAM" | "TOO_SMALL_AT_THIGHS" | "TOO_SMALL_AT_LENGTH" | "TOO_SMALL_AT_FOOT" | "TOO_SMALL_AT_TOE" | "TOO_SMALL_AT_WIDTH" | "TOO_LARGE_AT_CHEST" | "TOO_LARGE_AT_WAIST" | "TOO_LARGE_AT_HIPS" | "TOO_LARGE_AT_SHOULDERS" | "TOO_LARGE_AT_SLEEVES" | "TOO_LARGE_AT_NECK" | "TOO_LARGE_AT_INSEAM" | "TOO_LARGE_AT_THIGHS" | "TOO_LARGE_AT_LENGTH" | "TOO_LARGE_AT_FOOT" | "TOO_LARGE_AT_TOE" | "TOO_LARGE_AT_WIDTH" | "TOO_TIGHT_AT_CHEST" | "TOO_TIGHT_AT_WAIST" | "TOO_TIGHT_AT_HIPS" | "TOO_TIGHT_AT_SHOULDERS" | "TOO_TIGHT_AT_SLEEVES" | "TOO_TIGHT_AT_NECK" | "TOO_TIGHT_AT_INSEAM" | "TOO_TIGHT_AT_THIGHS" | "TOO_TIGHT_AT_LENGTH" | "TOO_TIGHT_AT_FOOT" | "TOO_TIGHT_AT_TOE" | "TOO_TIGHT_AT_WIDTH" | "TOO_LOOSE_AT_CHEST" | "TOO_LOOSE_AT_WAIST" | "TOO_LOOSE_AT_HIPS" | "TOO_LOOSE_AT_SHOULDERS" | "TOO_LOOSE_AT_SLEEVES" | "TOO_LOOSE_AT_NECK" | "TOO_LOOSE_AT_INSEAM" | "TOO_LOOSE_AT_THIGHS" | "TOO_LOOSE_AT_LENGTH" | "TOO_LOOSE_AT_FOOT" | "TOO_LOOSE_AT_TOE" | "TOO_LOOSE_AT_WIDTH" | "TOO_SHORT_AT_CHEST" | "TOO_SHORT_AT_WAIST" | "TOO_SHORT_AT_HIPS" | "TOO_SHORT_AT_SHOULDERS" | "TOO_SHORT_AT_SLEEVES" | "TOO_SHORT_AT_NECK" | "TOO_SHORT_AT_INSEAM" | "TOO_SHORT_AT_THIGHS" | "TOO_SHORT_AT_LENGTH" | "TOO_SHORT_AT_FOOT" | "TOO_SHORT_AT_TOE" | "TOO_SHORT_AT_WIDTH" | "TOO_LONG_AT_CHEST" | "TOO_LONG_AT_WAIST" | "TOO_LONG_AT_HIPS" | "TOO_LONG_AT_SHOULDERS" | "TOO_LONG_AT_SLEEVES" | "TOO_LONG_AT_NECK" | "TOO_LONG_AT_INSEAM" | "TOO_LONG_AT_THIGHS" | "TOO_LONG_AT_LENGTH" | "TOO_LONG_AT_FOOT" | "TOO_LONG_AT_TOE" | "TOO_LONG_AT_WIDTH" | "DAMAGED" | "DEFECTIVE" | "WRONG_ITEM" | "NOT_AS_DESCRIBED" | "CHANGED_MIND" | "ARRIVED_LATE" | "OTHER";
                    resolution?: components["schemas"]["Resolution"];
                    exchange_for?: {
                        /** @description An offer's sku (`exchange_offers` of the line). */
                        sku: string;
                    } | null;
                };
            };
        };
        UpdateWebhookEndpoint: {
            content: {
                "application/json": {
                    /** @description Event types to receive from now on; null for every type. */
                    types?: components["schemas"]["WebhookEventType"][] | null;
                    /** @description false pauses deliveries (they still queue); true resumes them in order. */
                    enabled?: boolean;
                };
            };
        };
    };
    headers: {
        /** @description The return's version as an entity tag; send it back in If-Match to update only that version. */
        ETag: string;
        /** @description URL of the created resource (a return, a webhook endpoint). */
        Location: string;
        /** @description `true` when this is the stored response of an earlier request with the same Idempotency-Key. */
        "Idempotent-Replayed": "true";
        /** @description The request's id: the request's `X-Request-Id` when it is 1-200 visible ASCII characters, else the trace id of a valid W3C `traceparent`, else a fresh `req_…`. Also in problem bodies (`request_id`), in log lines, and on the webhooks the request's change sends (`returnkit-request-id`). */
        "Request-Id": string;
        /** @description Always includes `<…/v1/openapi.json>; rel="describedby"`. */
        Link: string;
        /** @description With OAuth, a Bearer challenge (RFC 6750) with `resource_metadata` (RFC 9728), and `scope` or `error` as applicable; with the shop's own sign-in, the challenge the shop set, if any. */
        "WWW-Authenticate": string;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description The document's strong entity tag; send it in If-None-Match to revalidate a cached copy (304). */
        DocumentETag: string;
        /** @description How long the document may be cached. */
        "Cache-Control": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of a cached copy; 304 without a body while it is still current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This OpenAPI document */
            200: {
                headers: {
                    ETag: components["headers"]["DocumentETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                        info: Record<string, never>;
                        paths: Record<string, never>;
                        components: Record<string, never>;
                    };
                };
            };
            /** @description If-None-Match names the current entity tag: the cached copy is current. */
            304: {
                headers: {
                    ETag: components["headers"]["DocumentETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            412: components["responses"]["PreconditionFailed"];
        };
    };
    headOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of a cached copy; 304 without a body while it is still current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This OpenAPI document */
            200: {
                headers: {
                    ETag: components["headers"]["DocumentETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description If-None-Match names the current entity tag: the cached copy is current. */
            304: {
                headers: {
                    ETag: components["headers"]["DocumentETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description If-Match names another version than the current one: of the return (`precondition-failed`, with `current_version`), or of the document (`document-changed`, with `current_etag`). */
            412: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createGuestSession: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["GuestSessionInput"];
        responses: {
            /** @description A bearer token for this order only (its returnable view, its returns and requests), valid for `expires_in` seconds */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GuestSession"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
        };
    };
    listPortalReturns: {
        parameters: {
            query?: {
                order_id?: string;
                request_id?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of returns */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createReturn: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CreateReturn"];
        responses: {
            /** @description The new draft */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headListPortalReturns: {
        parameters: {
            query?: {
                order_id?: string;
                request_id?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of returns */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getPortalReturn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headPortalReturn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such return for this caller (another customer's return is not found either), no such order for this caller (`order-not-found`, the same for another customer's order; for a guest's lookup, the same for an unknown number as for a wrong email or postcode), a service not connected to the shop's orders (`orders-not-configured`), an unknown event, or no such path; for the webhook operations, no such endpoint (`endpoint-not-found`) or event (`event-not-found`). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    updateReturn: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["UpdateReturn"];
        responses: {
            /** @description The updated draft */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    submitReturn: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["SubmitReturn"];
        responses: {
            /** @description The updated return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelReturn: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["CancelReturn"];
        responses: {
            /** @description The updated return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getReturnableLines: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shop's id of one of the caller's orders. */
                order_id: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each line of the order, what a return of it may take, and a pre-filled `create` */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnableOrder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headReturnableLines: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shop's id of one of the caller's orders. */
                order_id: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each line of the order, what a return of it may take, and a pre-filled `create` */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such return for this caller (another customer's return is not found either), no such order for this caller (`order-not-found`, the same for another customer's order; for a guest's lookup, the same for an unknown number as for a wrong email or postcode), a service not connected to the shop's orders (`orders-not-configured`), an unknown event, or no such path; for the webhook operations, no such endpoint (`endpoint-not-found`) or event (`event-not-found`). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The shop's order system could not be read (`orders-unavailable`, with `Retry-After`) or answered something unusable (`order-source-invalid`); nothing was changed. */
            502: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listMerchantReturns: {
        parameters: {
            query?: {
                state?: components["schemas"]["ReturnState"];
                order_id?: string;
                request_id?: string;
                reason?: string;
                resolution?: components["schemas"]["Resolution"];
                created_from?: string;
                created_to?: string;
                rma?: string;
                tracking_number?: string;
                stalled?: "true" | "false";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of returns */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headListMerchantReturns: {
        parameters: {
            query?: {
                state?: components["schemas"]["ReturnState"];
                order_id?: string;
                request_id?: string;
                reason?: string;
                resolution?: components["schemas"]["Resolution"];
                created_from?: string;
                created_to?: string;
                rma?: string;
                tracking_number?: string;
                stalled?: "true" | "false";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of returns */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getMerchantReturn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headMerchantReturn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such return for this caller (another customer's return is not found either), no such order for this caller (`order-not-found`, the same for another customer's order; for a guest's lookup, the same for an unknown number as for a wrong email or postcode), a service not connected to the shop's orders (`orders-not-configured`), an unknown event, or no such path; for the webhook operations, no such endpoint (`endpoint-not-found`) or event (`event-not-found`). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    approveReturn: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["ApproveReturn"];
        responses: {
            /** @description The updated return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rejectReturn: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["RejectReturn"];
        responses: {
            /** @description The updated return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    flagReturn: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["FlagReturn"];
        responses: {
            /** @description The updated return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unflagReturn: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["UnflagReturn"];
        responses: {
            /** @description The updated return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    shipReturn: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["ShipReturn"];
        responses: {
            /** @description The updated return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    receiveReturn: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["ReceiveReturn"];
        responses: {
            /** @description The updated return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    gradeReturn: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["GradeReturn"];
        responses: {
            /** @description The updated return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    closeReturn: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["CloseReturn"];
        responses: {
            /** @description The updated return */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recordReturnRefund: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["RecordRefund"];
        responses: {
            /** @description The return with the payout in `payouts` and `refunded_amount`; unchanged when the reference was recorded already with the same amount */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recordExchangePayment: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["RecordExchangePayment"];
        responses: {
            /** @description The return with the payment in `exchange.payment` (and the exchange released when it can go out now); unchanged when the reference was recorded already with the same amount */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recordExchangeOrder: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["RecordExchangeOrder"];
        responses: {
            /** @description The return with `exchange.order_id`; unchanged when that order was recorded already */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    reissueLabel: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The return with its label `pending` again (the label job buys a new one for the parcel) and, for a bought label, `label.replaces` naming it until it is voided */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Return"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy (`pass`), or serving with a warning (`warn`) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/health+json": components["schemas"]["HealthReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalError"];
            /** @description Unhealthy (`fail`): the store cannot be reached or is not migrated */
            503: {
                headers: {
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/health+json": components["schemas"]["HealthReport"];
                };
            };
        };
    };
    headHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy (`pass`), or serving with a warning (`warn`) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unhealthy (`fail`): the store cannot be reached or is not migrated */
            503: {
                headers: {
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process answers (`pass`) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/health+json": components["schemas"]["HealthReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalError"];
        };
    };
    headLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process answers (`pass`) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listReasons: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reason catalogue */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReasonList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headListReasons: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reason catalogue */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getReturnPolicy: {
        parameters: {
            query?: {
                format?: "json" | "jsonld";
            };
            header?: {
                /** @description The ETag of a cached copy; 304 without a body while it is still current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy: window, final sale, resolutions, return methods and fees. With `format=jsonld`, schema.org `MerchantReturnPolicy` JSON-LD for product pages. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DocumentETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnPolicy"];
                    "application/ld+json": components["schemas"]["MerchantReturnPolicy"];
                };
            };
            /** @description If-None-Match names the current entity tag: the cached copy is current. */
            304: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DocumentETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            412: components["responses"]["PreconditionFailed"];
            500: components["responses"]["InternalError"];
        };
    };
    headReturnPolicy: {
        parameters: {
            query?: {
                format?: "json" | "jsonld";
            };
            header?: {
                /** @description The ETag of a cached copy; 304 without a body while it is still current. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy: window, final sale, resolutions, return methods and fees. With `format=jsonld`, schema.org `MerchantReturnPolicy` JSON-LD for product pages. */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DocumentETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description If-None-Match names the current entity tag: the cached copy is current. */
            304: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    ETag: components["headers"]["DocumentETag"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description If-Match names another version than the current one: of the return (`precondition-failed`, with `current_version`), or of the document (`document-changed`, with `current_etag`). */
            412: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getFitInsights: {
        parameters: {
            query?: {
                sku?: string;
                from?: string;
                to?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sizes: claimed (at create) and confirmed (graded or closed) returns */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FitInsights"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headFitInsights: {
        parameters: {
            query?: {
                sku?: string;
                from?: string;
                to?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sizes: claimed (at create) and confirmed (graded or closed) returns */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getFitSummary: {
        parameters: {
            query?: {
                sku?: string;
                from?: string;
                to?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of skus, the most fit returns first */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FitSummary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headFitSummary: {
        parameters: {
            query?: {
                sku?: string;
                from?: string;
                to?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of skus, the most fit returns first */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    exportCustomer: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The shop's id of a customer, as its returns record it (a portal token's `sub`): 1-255 characters, percent-encoded as one path segment. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the export: a page of returns with the requests they belong to (empty for a customer with no returns) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerExportPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headExportCustomer: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The shop's id of a customer, as its returns record it (a portal token's `sub`): 1-255 characters, percent-encoded as one path segment. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the export: a page of returns with the requests they belong to (empty for a customer with no returns) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getCustomerErasure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shop's id of a customer, as its returns record it (a portal token's `sub`): 1-255 characters, percent-encoded as one path segment. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the erasure stands */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    eraseCustomer: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The shop's id of a customer, as its returns record it (a portal token's `sub`): 1-255 characters, percent-encoded as one path segment. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["ErasureRequest"];
        responses: {
            /** @description The erasure job is committed; GET the same path to see it completed */
            202: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headCustomerErasure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shop's id of a customer, as its returns record it (a portal token's `sub`): 1-255 characters, percent-encoded as one path segment. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the erasure stands */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOrderErasure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shop's id of one of the caller's orders. */
                order_id: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the erasure stands */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    eraseOrder: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The shop's id of one of the caller's orders. */
                order_id: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["ErasureRequest"];
        responses: {
            /** @description The erasure job is committed; GET the same path to see it completed */
            202: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headOrderErasure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The shop's id of one of the caller's orders. */
                order_id: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the erasure stands */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createReturnRequest: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CreateReturnRequest"];
        responses: {
            /** @description The new request */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnRequest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    estimateReturnRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CreateReturnRequest"];
        responses: {
            /** @description Each line's refund, the return shipping fee shared among them, and the total */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnRequestEstimate"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPortalReturnRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The return request */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnRequest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headPortalReturnRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The return request */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such return for this caller (another customer's return is not found either), no such order for this caller (`order-not-found`, the same for another customer's order; for a guest's lookup, the same for an unknown number as for a wrong email or postcode), a service not connected to the shop's orders (`orders-not-configured`), an unknown event, or no such path; for the webhook operations, no such endpoint (`endpoint-not-found`) or event (`event-not-found`). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    submitReturnRequest: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["SubmitReturnRequest"];
        responses: {
            /** @description The request, its drafts submitted */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnRequest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMerchantReturnRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The return request */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnRequest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headMerchantReturnRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The return request */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such return for this caller (another customer's return is not found either), no such order for this caller (`order-not-found`, the same for another customer's order; for a guest's lookup, the same for an unknown number as for a wrong email or postcode), a service not connected to the shop's orders (`orders-not-configured`), an unknown event, or no such path; for the webhook operations, no such endpoint (`endpoint-not-found`) or event (`event-not-found`). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    shipReturnRequest: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since. */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["ShipReturnRequest"];
        responses: {
            /** @description The request, its approved returns in transit */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnRequest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every endpoint */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CreateWebhookEndpoint"];
        responses: {
            /** @description The endpoint, with its secret: shown this once */
            201: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headListWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every endpoint */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint's id (`ep_…`, one given at creation, or `sub_<name>`). */
                endpoint_id: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A webhook endpoint's id (`ep_…`, one given at creation, or `sub_<name>`). */
                endpoint_id: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint is gone; its delivered and dead deliveries stay listed */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint's id (`ep_…`, one given at creation, or `sub_<name>`). */
                endpoint_id: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such return for this caller (another customer's return is not found either), no such order for this caller (`order-not-found`, the same for another customer's order; for a guest's lookup, the same for an unknown number as for a wrong email or postcode), a service not connected to the shop's orders (`orders-not-configured`), an unknown event, or no such path; for the webhook operations, no such endpoint (`endpoint-not-found`) or event (`event-not-found`). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A webhook endpoint's id (`ep_…`, one given at creation, or `sub_<name>`). */
                endpoint_id: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["UpdateWebhookEndpoint"];
        responses: {
            /** @description The changed endpoint */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A webhook endpoint's id (`ep_…`, one given at creation, or `sub_<name>`). */
                endpoint_id: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["RotateWebhookSecret"];
        responses: {
            /** @description The endpoint, with its new secret: shown this once */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A webhook endpoint's id (`ep_…`, one given at creation, or `sub_<name>`). */
                endpoint_id: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["SendWebhookTest"];
        responses: {
            /** @description How the attempt went (stored nowhere) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEvents: {
        parameters: {
            query: {
                return_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headListWebhookEvents: {
        parameters: {
            query: {
                return_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such return for this caller (another customer's return is not found either), no such order for this caller (`order-not-found`, the same for another customer's order; for a guest's lookup, the same for an unknown number as for a wrong email or postcode), a service not connected to the shop's orders (`orders-not-configured`), an unknown event, or no such path; for the webhook operations, no such endpoint (`endpoint-not-found`) or event (`event-not-found`). */
            404: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                return_id?: string;
                customer_id?: string;
                event_id?: string;
                status?: "pending" | "delivered" | "dead";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries, in event order */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    headListWebhookDeliveries: {
        parameters: {
            query?: {
                return_id?: string;
                customer_id?: string;
                event_id?: string;
                status?: "pending" | "delivered" | "dead";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries, in event order */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`). */
            400: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in. */
            401: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once. */
            403: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An unexpected error; nothing internal is disclosed. Safe to retry. */
            500: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key. */
            503: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    redeliverWebhookEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A webhook event's id (`evt_` + ULID), its `webhook-id` header. */
                event_id: components["parameters"]["EventId"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["RedeliverWebhookEvent"];
        responses: {
            /** @description How many were revived */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevivedDeliveries"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recoverWebhookDeliveries: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["RecoverWebhookDeliveries"];
        responses: {
            /** @description How many were revived */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevivedDeliveries"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recordCarrierTrackingEvents: {
        parameters: {
            query?: never;
            header: {
                /** @description 1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description A carrier adapter's name (`easypost`): the `carriers` option's `label` or one of its `tracking`. */
                name: components["parameters"]["CarrierName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CarrierTrackingEvent"];
            };
        };
        responses: {
            /** @description Verified and recorded: each scan on the returns whose tracking number it names (a replayed scan changes nothing) */
            200: {
                headers: {
                    "Request-Id": components["headers"]["Request-Id"];
                    Link: components["headers"]["Link"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackingReceipt"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            500: components["responses"]["InternalError"];
        };
    };
    portalUnknownEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
                /** @description A name that is none of the known events. */
                event: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["InternalError"];
        };
    };
    merchantUnknownEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The return's id (`ret_` + ULID). */
                id: components["parameters"]["ReturnId"];
                /** @description A name that is none of the known events. */
                event: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["InternalError"];
        };
    };
}
