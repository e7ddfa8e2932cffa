/**
 * @module shapes — the parts of EasyPost's objects this adapter reads, as its API reference
 * documents them (https://docs.easypost.com/docs/shipments, .../docs/trackers,
 * .../docs/events). The SDK returns them as plain objects; the adapter reads only these fields.
 */

export interface EasyPostRate {
  id: string;
  service: string;
  carrier: string;
  rate: string;
  currency: string;
}

export interface EasyPostForm {
  form_type: string;
  form_url: string;
}

export interface EasyPostShipment {
  id: string;
  is_return: boolean;
  reference?: string | null;
  tracking_code: string | null;
  rates?: EasyPostRate[];
  selected_rate: EasyPostRate | null;
  postage_label: { label_url: string | null } | null;
  tracker: { public_url?: string | null } | null;
  forms?: EasyPostForm[];
  refund_status?: "submitted" | "refunded" | "rejected" | "not_applicable" | null;
  messages?: { carrier?: string; message: string }[];
}

export interface EasyPostTrackingDetail {
  datetime: string;
  message?: string | null;
  status: string;
  tracking_location?: {
    city?: string | null;
    state?: string | null;
    country?: string | null;
    zip?: string | null;
  } | null;
}

export interface EasyPostTracker {
  object: "Tracker";
  id: string;
  tracking_code: string;
  status: string;
  carrier?: string;
  updated_at?: string;
  tracking_details?: EasyPostTrackingDetail[];
}

export interface EasyPostEvent {
  object: "Event";
  id: string;
  description: string;
  result?: unknown;
}
