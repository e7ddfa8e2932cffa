/**
 * @module test-support/subscriber-tables — where the subscriber crash case's handler writes
 * (in the store's schema), shared by the parent, which makes and reads them, and the worker.
 */

/** Where the handler writes, in the store's schema (made by the parent). */
export function subscriberTables(schema: string) {
  return {
    /** Every call of `handle`, in the order they began. */
    calls: `"${schema}"."subscriber_calls"`,
    /** The effect, once per event id: what a host's refund would be. */
    effects: `"${schema}"."subscriber_effects"`,
  };
}

export const SUBSCRIBER_TABLES_SQL = (schema: string) => {
  const { calls, effects } = subscriberTables(schema);
  return `
CREATE TABLE ${calls} (
  n          bigserial PRIMARY KEY,
  event_id   text NOT NULL,
  return_id  text NOT NULL,
  seq        integer NOT NULL,
  generation integer NOT NULL
);
CREATE TABLE ${effects} (
  event_id   text PRIMARY KEY,
  return_id  text NOT NULL,
  seq        integer NOT NULL,
  generation integer NOT NULL
);`;
};
