/**
 * @module carriers/carrier-error — the one error a carrier rejects with, with a stable `code`
 * a caller can `switch` on and whether trying again later may succeed.
 */

export type CarrierErrorCode =
  /** The request is not one this carrier can ship (nothing was sent, or the provider said so). */
  | "invalid_request"
  /** The provider refused the credentials. */
  | "unauthorized"
  /** No such shipment at the provider. */
  | "not_found"
  /** The provider is down, slow or unreachable: retry later. */
  | "unavailable"
  /** This carrier does not do that (see its capabilities). */
  | "unsupported"
  /** The provider refused for a reason of its own (payment, carrier account, …). */
  | "refused";

export class CarrierError extends Error {
  override readonly name = "CarrierError";
  readonly code: CarrierErrorCode;
  /** The provider's own error code, when it gave one. */
  readonly providerCode: string | undefined;

  constructor(
    code: CarrierErrorCode,
    message: string,
    options?: { providerCode?: string; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.providerCode = options?.providerCode;
  }

  /** True when the same call may succeed later. */
  get retryable(): boolean {
    return this.code === "unavailable";
  }
}

export function isCarrierError(error: unknown): error is CarrierError {
  return error instanceof CarrierError;
}
