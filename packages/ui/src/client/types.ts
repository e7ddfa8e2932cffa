/** @module client/types — the API's answers, as far as the pages read them. */
export interface TemplateProperty {
  name: string;
  value?: unknown;
  readOnly?: boolean;
  required?: boolean;
  min?: number;
  max?: number;
  options?: { inline?: unknown[] };
}

export interface Template {
  title?: string;
  method: string;
  target: string;
  schema?: { href?: string };
  properties?: TemplateProperty[];
}

export type Templates = Record<string, Template>;

export interface Money {
  currency: string;
  /** Digits of the currency's minor unit, as the API counts the amounts (ISO 4217). */
  currency_exponent: number;
  item_amount?: number;
  restocking_fee?: number;
  return_shipping_fee?: number;
  total: number;
  method?: string;
  status?: string;
}

export interface ReturnableLine {
  sku: string;
  size: string | null;
  purchased: number;
  returnable_quantity: number;
  returnable_until: string | null;
  final_sale: boolean;
  refusal: string | null;
  unit_price: number | null;
  resolutions: string[];
  exchange_sizes: string[] | null;
  /** The refund of the whole returnable quantity, per resolution on offer; null without a price. */
  refund_estimates: Partial<Record<string, Money>> | null;
  _templates: Templates;
}

export interface ReturnableOrder {
  order_id: string;
  currency: string | null;
  /** Digits of the currency's minor unit; null when the order names no ISO 4217 currency. */
  currency_exponent: number | null;
  placed_at: string;
  lines: ReturnableLine[];
  _links?: Record<string, { href: string }>;
  _templates?: Templates;
}

export interface HistoryEntry {
  seq: number;
  event: string;
  from: string | null;
  to: string;
  at: string;
  actor?: { kind: string; id: string };
  note?: string | null;
  reason_code?: string | null;
}

export interface ReturnRecord {
  id: string;
  order_id: string;
  line: { sku: string; size?: string | null; quantity: number };
  order_line?: {
    unit_price: number | null;
    currency: string | null;
    currency_exponent: number | null;
    returnable_until?: string | null;
  } | null;
  reason: string;
  resolution: string;
  exchange_size: string | null;
  state: string;
  customer_id: string;
  version: number;
  created_at: string;
  updated_at: string;
  grade?: Record<string, unknown> | null;
  shipment?: Record<string, unknown> | null;
  refund: Money | null;
  /** The return request it was sent in, with the order's other lines; null when alone. */
  request_id: string | null;
  history: HistoryEntry[];
  _templates?: Templates;
}

/** Several lines of one order returned together: one draft return per line. */
export interface ReturnRequest {
  id: string;
  object: "return_request";
  order_id: string;
  customer_id: string;
  created_at: string;
  returns: ReturnRecord[];
  /** Its returns' refunds added up; `final` once every one is. */
  refund: Money | null;
  _links?: Record<string, unknown>;
  _templates?: Templates;
}

/** What the chosen lines would refund, as the API works out a request's refund. */
export interface RequestEstimate {
  object: "return_request_estimate";
  order_id: string;
  lines: {
    line: { sku: string; size: string | null; quantity: number };
    resolution: string;
    refund: Money | null;
  }[];
  /** The lines' refunds added up, the return shipping fee charged once; null without prices. */
  refund: Money | null;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export interface Reason {
  code: string;
  kind: "fit" | "other";
  direction: string | null;
  body_part: string | null;
  label: string;
}
