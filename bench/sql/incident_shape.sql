-- Incident shape: turns a synthetic meta store (bench/sql/synthetic_catalog.sql, already
-- loaded) into the shape of a large cluster in the middle of an incident, the shape issue 58
-- measured check and guard on: jobs in flight, shared sources read by many jobs, Hummock stats
-- for every copied state table, and a dozen incidents of different checks with their
-- follow-on findings. Runs after synthetic_catalog.sql in the same database; plain SQL.
-- Parameters (session settings, unset = default):
--   rwdoctor_synth.copies          units of the synthetic store (as synthetic_catalog.sql)
--   rwdoctor_synth.in_flight       jobs in flight per thousand leaf jobs (default 0): half of
--                                  them CREATING (background), half CREATING (foreground)
--   rwdoctor_synth.initial_jobs    INITIAL jobs without fragments, as create_job_catalog
--                                  leaves them before the fragments are written (default 0);
--                                  initialized between 0 and 10 hours ago, so some are stuck
--   rwdoctor_synth.readers         units whose mv_orders also reads the shared source of the
--                                  first unit of its block of this many (default 0: none)
--   rwdoctor_synth.incidents       incidents injected (default 0), spread over the units; the
--                                  i-th is of kind i mod 8, on unit 1 + i * copies / incidents
--   rwdoctor_synth.seed            which leaf jobs go in flight (default 1)
-- Units: unit k's objects are the demo's oid + 30k, its fragments the demo's id + 20k
-- (synthetic_catalog.sql). The incident kinds, in the demo's ids (sql/demo/catalog.sql):
--   0 the fragments of mv_orders (16) deleted: job-without-fragments and its follow-ons
--   1 orders_src (14) moved into a schema's id as database: object-database-invalid
--   2 a leftover object row with nothing else: object without its type row
--   3 low_stock_summary's (41) streaming_job row deleted: relation-without-job
--   4 a state table (18) pointed at another fragment (2): state-table-mismatch
--   5 a split list written twice (fragment 1): split-duplicated (stores with fragment_splits)
--   6 a view (28) typed as a table: object-type-mismatch
--   7 a fragment for the view (28), a copy of fragment 20: fragment-without-job
-- The store is no longer healthy: that is the point. Everything else stays as generated.

SET synchronous_commit = off;

CREATE FUNCTION pg_temp.shape_setting(setting text, fallback bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('rwdoctor_synth.' || setting, true), '')::bigint, fallback)
$$;

-- Jobs in flight: leaf jobs (nothing reads them, no edge leaves them for another job, no
-- table with a DML fragment), chosen pseudo-randomly; a job that is being created has no
-- readers yet.
WITH leaf AS (
  SELECT sj.job_id
  FROM streaming_job AS sj
  WHERE sj.job_status = 'CREATED'
    AND NOT EXISTS (SELECT 1 FROM object_dependency AS d WHERE d.oid = sj.job_id)
    AND NOT EXISTS (SELECT 1 FROM fragment AS f
                    JOIN fragment_relation AS r ON r.source_fragment_id = f.fragment_id
                    JOIN fragment AS t ON t.fragment_id = r.target_fragment_id
                    WHERE f.job_id = sj.job_id AND t.job_id <> sj.job_id)
    AND NOT EXISTS (SELECT 1 FROM "table" AS t WHERE t.table_id = sj.job_id AND t.dml_fragment_id IS NOT NULL)
),
picked AS (
  SELECT job_id, row_number() OVER (ORDER BY hashint8extended(job_id, pg_temp.shape_setting('seed', 1)), job_id) AS n
  FROM leaf
)
UPDATE streaming_job AS sj
SET job_status = 'CREATING',
    create_type = CASE WHEN p.n % 2 = 0 THEN 'BACKGROUND' ELSE 'FOREGROUND' END
FROM picked AS p
WHERE p.job_id = sj.job_id
  AND p.n <= (SELECT count(*) FROM leaf) * pg_temp.shape_setting('in_flight', 0) / 1000;

-- INITIAL jobs: an object row and a streaming_job row, nothing else yet; new oids after the
-- last one, in the demo's first schema and database.
CREATE TEMP TABLE shape_initial AS
SELECT (SELECT max(oid) FROM object) + n AS oid,
       (now() AT TIME ZONE 'UTC') - make_interval(mins => (hashint8extended(n, 7) & 1023)::int % 600) AS initialized_at
FROM generate_series(1, pg_temp.shape_setting('initial_jobs', 0)) AS n;
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id, initialized_at)
SELECT oid, 'TABLE', 1, 2, 1, initialized_at FROM shape_initial;
-- The streaming_job row is demo job 16's with its id and status changed: every generation's
-- columns, whatever they are.
INSERT INTO streaming_job
SELECT (jsonb_populate_record(NULL::streaming_job,
          to_jsonb(src) || jsonb_build_object('job_id', i.oid, 'job_status', 'INITIAL',
                                              'create_type', 'FOREGROUND'))).*
FROM shape_initial AS i CROSS JOIN streaming_job AS src
WHERE src.job_id = 16;

-- Shared sources with many readers: mv_orders of every unit also depends on the source of the
-- first unit of its block (same database: every unit keeps the demo's databases).
INSERT INTO object_dependency (oid, used_by)
SELECT 14 + 30 * (k - k % b.size), 16 + 30 * k
FROM (SELECT pg_temp.shape_setting('readers', 0) AS size) AS b
CROSS JOIN generate_series(1, pg_temp.shape_setting('copies', 0)) AS k
WHERE b.size > 1 AND k % b.size <> 0
  AND EXISTS (SELECT 1 FROM object WHERE oid = 16 + 30 * k);

-- Hummock stats for every copy of a demo state table that has them.
UPDATE hummock_version_stats AS h
SET stats = h.stats || (
  SELECT coalesce(jsonb_object_agg((e.key::int + 30 * k)::text, e.value), '{}'::jsonb)
  FROM jsonb_each(h.stats) AS e
  CROSS JOIN generate_series(1, pg_temp.shape_setting('copies', 0)) AS k
  WHERE e.key ~ '^[0-9]+$' AND e.key::int BETWEEN 14 AND 43)
WHERE h.id = 0 AND jsonb_typeof(h.stats) = 'object';

-- The incidents.
CREATE TEMP TABLE shape_incident AS
SELECT i, i % 8 AS kind, 1 + i * c.copies / c.incidents AS unit
FROM (SELECT pg_temp.shape_setting('copies', 0) AS copies,
             pg_temp.shape_setting('incidents', 0) AS incidents) AS c
CROSS JOIN generate_series(0, c.incidents - 1) AS i
WHERE c.incidents > 0 AND c.copies > 0;

DO $$
DECLARE
  inc record;
  s integer;
  f integer;
  next_oid integer := (SELECT max(oid) FROM object);
  next_fragment integer := (SELECT max(fragment_id) FROM fragment);
BEGIN
  FOR inc IN SELECT * FROM shape_incident ORDER BY i LOOP
    s := 30 * inc.unit;
    f := 20 * inc.unit;
    CASE inc.kind
      WHEN 0 THEN DELETE FROM fragment WHERE job_id = 16 + s;
      WHEN 1 THEN UPDATE object SET database_id = 2 WHERE oid = 14 + s;
      WHEN 2 THEN
        next_oid := next_oid + 1;
        INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id) VALUES (next_oid, 'TABLE', 1, 2, 1);
      WHEN 3 THEN DELETE FROM streaming_job WHERE job_id = 41 + s;
      WHEN 4 THEN UPDATE "table" SET fragment_id = 2 + f WHERE table_id = 18 + s;
      WHEN 5 THEN
        IF to_regclass('fragment_splits') IS NOT NULL THEN
          EXECUTE 'UPDATE fragment_splits SET splits = splits || splits WHERE fragment_id = $1' USING 1 + f;
        END IF;
      WHEN 6 THEN UPDATE object SET obj_type = 'TABLE' WHERE oid = 28 + s;
      ELSE
        next_fragment := next_fragment + 1;
        INSERT INTO fragment
        SELECT (jsonb_populate_record(NULL::fragment,
                  to_jsonb(src) || jsonb_build_object('fragment_id', next_fragment, 'job_id', 28 + s,
                                                      'state_table_ids', '[]'::jsonb))).*
        FROM fragment AS src WHERE src.fragment_id = 20 + f;
    END CASE;
  END LOOP;
  -- The sequences stay ahead of the ids (else sequence-behind would be one more finding).
  PERFORM setval(pg_get_serial_sequence('object', 'oid'), (SELECT max(oid) FROM object));
  PERFORM setval(pg_get_serial_sequence('fragment', 'fragment_id'), (SELECT max(fragment_id) FROM fragment));
END
$$;

ANALYZE;
