/**
 * @module sql/lock-order — transaction locks, held until commit or rollback: commits that carry
 * a line allowance for one order queue on its lock, so each sums what the one before it
 * committed. `$1` holds the keys (see `lockOrders`), taken one after another in array order;
 * the one-`bigint` form never meets the migration lock, which takes two `int`s.
 */
export const lockKeys = `
SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))::integer AS locked
FROM (SELECT k FROM unnest($1::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n) AS keys`;
