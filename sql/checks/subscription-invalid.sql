-- id: subscription-invalid
-- title: subscription has a missing upstream or an invalid state
-- invariant: INV-24
-- severity: warning
-- consequence: silent
-- repairs: manual
-- requires: subscription object table
-- meta-node: recovery logs "unused subscription infos in recovery"; subscriptions not in state CREATED (2) are deleted by the next recovery
-- explain:
--   subscription.dependent_table_id must be an existing table or materialized view (an
--   object with a `table` row), and subscription_state must be 1 (INIT) or 2 (CREATED).
--   Before m20260705_000000_subscription_dependent_object_fk (unreleased after v3.0.3)
--   nothing enforced the upstream, so dropping the table left the subscription behind
--   (PR #26171); that migration deletes such subscription objects:
--   DELETE FROM object WHERE oid IN (SELECT subscription_id FROM subscription WHERE
--   dependent_table_id NOT IN (SELECT oid FROM object)).
--   Recovery first runs clean_dirty_subscription (catalog/mod.rs), which deletes every
--   SUBSCRIPTION object whose row is not in state 2. A subscription in state 1 is a
--   subscription being created (T7) and is reported as info; one with any other state
--   (or NULL) is silently deleted by the next recovery although it may have been in use.
--   A dangling upstream leaves a subscription that the recovery loader ignores ("unused
--   subscription infos in recovery") and that cursors cannot use.
--   What to do: drop the subscription (delete its object row); for a bad state on a
--   subscription in use, set subscription_state = 2.
SELECT
    x.subscription_id AS object_id,
    NULL::integer AS job_id,
    NULL::integer AS fragment_id,
    CASE
        WHEN o.oid IS NULL THEN
            format('subscription %s depends on object %s, which does not exist',
                   x.subscription_id, x.dependent_table_id)
        WHEN t.table_id IS NULL THEN
            format('subscription %s depends on %s object %s, which is not a table or materialized view',
                   x.subscription_id, lower(o.obj_type), x.dependent_table_id)
        WHEN x.subscription_state = 1 THEN
            format('subscription %s is in state init (1); the next recovery deletes it (transient)',
                   x.subscription_id)
        ELSE
            format('subscription %s has subscription_state %s; the next recovery deletes it',
                   x.subscription_id, coalesce(x.subscription_state::text, 'null'))
    END AS message,
    CASE WHEN o.oid IS NOT NULL AND t.table_id IS NOT NULL AND x.subscription_state = 1
         THEN 'info' ELSE 'warning' END AS severity,
    CASE WHEN o.oid IS NOT NULL AND t.table_id IS NOT NULL AND x.subscription_state = 1
         THEN 'transient' ELSE 'silent' END AS consequence
FROM subscription x
LEFT JOIN object o ON o.oid = x.dependent_table_id
LEFT JOIN "table" t ON t.table_id = x.dependent_table_id
WHERE o.oid IS NULL
   OR t.table_id IS NULL
   OR x.subscription_state IS NULL
   OR x.subscription_state NOT IN (2)
ORDER BY x.subscription_id;
