/**
 * @module domain/vocabulary — the closed lists a return is described with: resolutions, reject
 * reason codes, grade conditions and dispositions (the schemas and the refund maths share them).
 */
export const RESOLUTIONS = ["REFUND", "STORE_CREDIT", "EXCHANGE"] as const;
export const REJECT_REASON_CODES = [
  "FINAL_SALE",
  "RETURN_WINDOW_EXPIRED",
  "NOT_ELIGIBLE",
  "OTHER",
] as const;
export const GRADE_CONDITIONS = [
  "NEW",
  "LIKE_NEW",
  "USED",
  "DAMAGED",
  "UNSELLABLE",
  "WRONG_ITEM",
  "MISSING",
] as const;
export const GRADE_DISPOSITIONS = [
  "RESTOCK",
  "REFURBISH",
  "RESELL_DISCOUNTED",
  "DONATE",
  "RECYCLE",
  "DISPOSE",
] as const;
