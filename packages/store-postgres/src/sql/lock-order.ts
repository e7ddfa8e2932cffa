/**
 * @module sql/lock-order — the order's transaction lock, held until commit or rollback:
 * commits that carry a line allowance for one order queue here, so each sums what the one
 * before it committed. `$1` names the store's tables and the order (see `lockCommitOrder`);
 * the one-`bigint` form never meets the migration lock, which takes two `int`s.
 */
export const lockOrder = "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))";
