-- id: sequence-behind
-- title: a meta table's serial sequence is behind the table's largest id
-- invariant: N7
-- severity: error
-- consequence: ddl-error
-- repairs: fix manual
-- requires: object
-- meta-node: the next CREATE (or user, grant, dependency, worker registration) takes an id that exists already and fails with a duplicate key on the table's primary key
-- explain:
--   RisingWave inserts object, user, user_privilege, object_dependency, worker (and, where
--   the tables exist, user_default_privilege and other serial-keyed rows) without an id and
--   lets PostgreSQL's serial sequence choose it. A sequence behind the table's largest id
--   hands out an id that exists already: the next CREATE fails with a duplicate key on
--   object's primary key, and so do the next CREATE USER, GRANT or worker registration.
--   Fragment and actor ids are exempt: the meta node allocates them from in-memory counters
--   that start after the tables' largest ids, so their sequences are never used.
--   This happened after `risectl meta migration` before v1.9.0 (#16306: its setval call was
--   invalid SQL, so object_oid_seq and user_user_id_seq stayed behind), and happens after
--   any restore or hand edit that inserts rows with explicit ids without moving the
--   sequence (backup_restore/restore_impl/v2.rs resets them after a meta restore).
--   The sequences are found through pg_get_serial_sequence for every column of every meta
--   table, never by name. A sequence rwdoctor may not read is not reported.
--   The fix (rwdoctor repair fix --check sequence-behind, or repair all) applies whenever
--   the finding is reported: it moves the sequence to the table's largest id with setval,
--   so the next id is one past it. Sequences are not transactional: the move stays even
--   if the repair rolls back, and undo leaves it (a sequence ahead of the table is how
--   RisingWave leaves it too).
WITH serial AS (
    SELECT c.relname AS table_name,
           a.attname AS column_name,
           n.nspname AS schema_name,
           pg_catalog.pg_get_serial_sequence(pg_catalog.format('%I.%I', n.nspname, c.relname), a.attname) AS sequence_name
    FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    -- the meta store's schema: the one its object table resolves to (the search_path has
    -- pg_catalog first, so current_schema() would name pg_catalog)
    WHERE n.oid = (SELECT r.relnamespace FROM pg_catalog.pg_class r WHERE r.oid = 'object'::regclass)
      AND c.relkind IN ('r', 'p')
      AND (c.relname, a.attname) NOT IN (('fragment', 'fragment_id'), ('actor', 'actor_id'))
      -- only the columns a sequence depends on, as pg_get_serial_sequence looks for it (an
      -- auto or internal dependency, objsubid 0, of a relation of relkind 'S' on the column:
      -- src/backend/utils/adt/ruleutils.c, pg_get_serial_sequence, PostgreSQL 10 and later):
      -- the function returns NULL for every other column, and calling it for each of the
      -- store's few hundred columns was most of this check's time (11 ms of 11.5 on the demo
      -- store; 0.5 ms with this)
      AND EXISTS (SELECT 1
                  FROM pg_catalog.pg_depend d
                  JOIN pg_catalog.pg_class s ON s.oid = d.objid AND s.relkind = 'S'
                  WHERE d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
                    AND d.refobjid = c.oid
                    AND d.refobjsubid = a.attnum
                    AND d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass
                    AND d.objsubid = 0
                    AND d.deptype IN ('a', 'i'))
),
readable AS (
    SELECT s.*, q.last_value, q.start_value
    FROM serial s
    JOIN pg_catalog.pg_sequences q ON pg_catalog.format('%I.%I', q.schemaname, q.sequencename) = s.sequence_name
    WHERE s.sequence_name IS NOT NULL
      AND pg_catalog.has_sequence_privilege(s.sequence_name, 'SELECT')
),
measured AS (
    SELECT r.*,
           -- the largest id handed out so far: last_value, or start - 1 before the first call
           coalesce(r.last_value, r.start_value - 1) AS taken,
           -- the table's largest id, read with a query built from catalog names
           ((pg_catalog.xpath('/row/v/text()',
                              pg_catalog.query_to_xml(pg_catalog.format('SELECT max(%I) AS v FROM %I.%I',
                                                                        r.column_name, r.schema_name, r.table_name),
                                                      false, true, '')))[1])::text::bigint AS max_id
    FROM readable r
)
SELECT
    NULL::integer AS object_id,
    NULL::integer AS job_id,
    NULL::integer AS fragment_id,
    pg_catalog.format('sequence %s of %s.%s is at %s, behind the largest %s %s: the next insert takes an id that exists',
                      m.sequence_name, m.table_name, m.column_name, m.taken, m.column_name, m.max_id) AS message,
    pg_catalog.format('SELECT pg_catalog.setval(%L, %s);', m.sequence_name, m.max_id) AS statement,
    m.table_name AS relation,
    -- the finding's name (JSON "name"): each behind sequence is its own finding
    m.sequence_name AS subject_name,
    -- for the fix (fix_plan.cpp), which runs this query as it is: the one reading of both
    m.sequence_name,
    m.taken,
    m.max_id
FROM measured m
WHERE m.max_id IS NOT NULL
  AND m.taken < m.max_id
ORDER BY m.table_name, m.column_name;
