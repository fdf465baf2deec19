-- The actor rows with a split list of the fragments in $1 (int array), for split-duplicated's
-- fix up to v2.6 (actor.splits): the list as it is now (bytea hex text), in actor id order.
SELECT a.fragment_id,
       a.actor_id,
       a.splits
FROM actor a
WHERE a.fragment_id = ANY ($1::int[])
  AND a.splits IS NOT NULL
ORDER BY a.fragment_id, a.actor_id;
