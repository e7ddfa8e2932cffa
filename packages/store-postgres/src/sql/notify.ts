/** @module sql/notify — in a transaction, the notification leaves when it commits, never if it rolls back. */
export const notify = "SELECT pg_notify($1, $2)";
