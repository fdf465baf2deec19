-- m20260311_000000_legacy_streaming_parallelism_session_params (v3.0.0).
-- The former system parameter adaptive_parallelism_strategy (auto, full, bounded(n > 0) or
-- ratio(0..1), case-insensitive; unparsable or missing: BOUNDED(64)) becomes the strategy of
-- every job that has none, printed as AUTO, FULL, BOUNDED(n) or RATIO(r); then the system
-- parameter is deleted.
UPDATE "streaming_job" SET "adaptive_parallelism_strategy" = coalesce(
  (SELECT CASE WHEN "value" ~* '^(auto|full)$' OR "value" ~* '^bounded\([1-9][0-9]*\)$' THEN upper("value")
               WHEN "value" ~* '^ratio\([0-9.]+\)$' AND substring("value" FROM '\(([0-9.]+)\)')::numeric BETWEEN 0 AND 1
               THEN 'RATIO(' || substring("value" FROM '\(([0-9.]+)\)')::numeric::float4::text || ')' END
     FROM "system_parameter" WHERE "name" = 'adaptive_parallelism_strategy'), 'BOUNDED(64)')
 WHERE "adaptive_parallelism_strategy" IS NULL;
-- Session part. Modelled: a store without streaming_parallelism* session rows whose former
-- strategy is AUTO gets streaming_parallelism = 'adaptive' (with BOUNDED(64), the default, it
-- gets nothing). Not modelled: the rewrite of existing streaming_parallelism* rows and the other
-- strategies (derive_legacy_streaming_parallelism_params); no check reads session_parameter.
INSERT INTO "session_parameter" ("name", "value")
SELECT 'streaming_parallelism', 'adaptive'
  FROM "system_parameter"
 WHERE "name" = 'adaptive_parallelism_strategy' AND "value" ~* '^auto$'
   AND NOT EXISTS (SELECT 1 FROM "session_parameter" WHERE "name" LIKE 'streaming\_parallelism%')
ON CONFLICT ("name") DO UPDATE SET "value" = excluded."value";
DELETE FROM "session_parameter" WHERE "name" LIKE 'streaming\_parallelism\_strategy%';
DELETE FROM "system_parameter" WHERE "name" = 'adaptive_parallelism_strategy';
