/**
 * @module errors — the SDK's errors as `CarrierError`s. The SDK raises one class per HTTP status
 * with EasyPost's own `code` (https://docs.easypost.com/docs/errors); a failure without a status
 * (a refused connection, a timeout) is the provider being unreachable.
 */

import { CarrierError, type CarrierErrorCode } from "@returnkit/core";

/** What EasyPost answers a second buy of a shipment with (422). */
export const POSTAGE_EXISTS = "SHIPMENT.POSTAGE.EXISTS";

interface SdkError {
  statusCode?: number;
  code?: string;
  message?: string;
}

export function sdkError(error: unknown): SdkError {
  return typeof error === "object" && error !== null ? (error as SdkError) : {};
}

function codeFor(status: number | undefined): CarrierErrorCode {
  if (status === undefined) return "unavailable";
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 404) return "not_found";
  if (status === 400 || status === 422) return "invalid_request";
  if (status === 402) return "refused";
  if (status === 408 || status === 429 || status >= 500) return "unavailable";
  return "refused";
}

/** `error` as the one error a carrier rejects with; a `CarrierError` passes unchanged. */
export function toCarrierError(error: unknown, doing: string): CarrierError {
  if (error instanceof CarrierError) return error;
  const { statusCode, code, message } = sdkError(error);
  const status = typeof statusCode === "number" ? statusCode : undefined;
  const what = status === undefined ? "could not be reached" : `answered ${status}`;
  return new CarrierError(
    codeFor(status),
    `EasyPost ${what} while ${doing}${message ? `: ${message}` : "."}`,
    {
      ...(typeof code === "string" ? { providerCode: code } : {}),
      cause: error,
    },
  );
}
