-- The source fragments of the edges into the fragments in $1 (int array) that come from
-- outside them, as one int[] (ScopeSet::upstream). With them a check reads the edges at
-- either end of the fragments through fragment_relation's primary key (source, target);
-- this is the one scan of fragment_relation for it (there is no index on target_fragment_id).
-- $1 is a constant array, so the membership tests are hashed.
SELECT pg_catalog.array_agg(DISTINCT r.source_fragment_id)::text
FROM fragment_relation r
WHERE r.target_fragment_id = ANY($1::int[])
  AND NOT (r.source_fragment_id = ANY($1::int[]));
