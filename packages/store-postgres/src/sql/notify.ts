/**
 * @module sql/notify — announces new deliveries to other processes. Inside a transaction the
 * notification leaves exactly when the transaction commits, and never if it rolls back.
 */
export const notify = "SELECT pg_notify($1, $2)";
