-- Synthetic meta store: grows the healthy demo catalog into a large, varied, still healthy
-- catalog, set-based and inside the server (no row-by-row inserts, no client round trips).
--
-- Load order, all in one database: sql/schema/<generation>.sql, sql/demo/catalog.sql, then
-- this file. Plain SQL (no psql meta-commands); it may be sent as one multi-statement string.
-- Parameters are session settings, read with current_setting (unset = default):
--   rwdoctor_synth.copies      copies of the demo's 12 jobs, each a "unit"        (default 0)
--   rwdoctor_synth.width       mean number of extra fragments, each with one state
--                              table, inside every job whose MVIEW fragment is fed
--                              by a fragment of its own job (7 jobs per unit)      (default 0)
--   rwdoctor_synth.blob_bytes  mean stream_node size in bytes; 0 keeps the demo's
--                              small blobs                                         (default 0)
--   rwdoctor_synth.fan_in      edges into every extra fragment, one from each of its
--                              nearest predecessors (fewer near the entry)         (default 3)
--   rwdoctor_synth.ensemble    the most fragments of a NO_SHUFFLE ensemble inside a
--                              widened job: the edges x_i-1 -> x_i between its first
--                              `ensemble` extra fragments are NO_SHUFFLE    (default 1: none)
--   rwdoctor_synth.seed        varies widths, blob sizes and blob bytes            (default 1)
--
-- UNITS. Unit 0 is the demo catalog itself: objects 14..43, fragments 1..20, actors 1..77
-- (actors only where the generation persists them). Unit k (1..copies) is a copy with every
-- id shifted: object oid + 30k, fragment id + 20k, actor id + 77k; names get the suffix
-- "_k"; schemas, databases, users and workers are shared. Inside stream_node blobs the Merge
-- nodes' upstream fragment ids and the ids of the objects the nodes name (the table a
-- Materialize writes, the tables StreamScans read, the sources Source nodes read and every
-- state table a node keeps) move with the copy (stream-node-mismatch decodes them): each
-- demo plan is first re-encoded once with those ids as 5-byte varints (valid, non-minimal
-- protobuf), so a copy only overwrites them in place.
-- WIDENING. Extra fragments get ids after the last copied fragment, their state tables oids
-- after the last copied object. Each extra fragment x_i (i = 1..n) of a job sits between the
-- fragment that feeds the job's MVIEW fragment (x_0) and the MVIEW fragment (x_n+1):
-- HASH edges x_i-1 -> x_i, ..., x_i-f -> x_i for f = fan_in (those with i-f >= 0) and
-- x_n -> MVIEW; x_i-1 -> x_i is NO_SHUFFLE for 2 <= i <= ensemble, so x_1 .. x_min(n, ensemble)
-- are one ensemble whose entry is x_1 (all of them copies of the MVIEW fragment: the same
-- distribution, vnode count and parallelism, as a NO_SHUFFLE edge needs). Its state table is
-- a copy of a demo internal table of the same distribution, its actors (where persisted)
-- copies of the MVIEW fragment's actors, its plan a bare StreamNode (operator_id 1: no Merge
-- to compare with its edges).
-- BLOBS. With blob_bytes > 0 every stream_node gets one more length-delimited field
-- (number 1000, skipped by prost as unknown) so that its size is uniform in
-- [blob_bytes/4, 2*blob_bytes]; the bytes come from a pool of random 1 KiB chunks, so the
-- blobs do not compress. The result is still well-formed protobuf wire format.
-- Everything the checks test stays true, on every generation; the test suite proves it.

SET synchronous_commit = off;

CREATE FUNCTION pg_temp.synth_setting(setting text, fallback bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('rwdoctor_synth.' || setting, true), '')::bigint, fallback)
$$;

-- Deterministic pseudo-random number in [0, modulus) for (value, seed).
CREATE FUNCTION pg_temp.synth_random(value bigint, modulus bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT (hashint8extended(value, pg_temp.synth_setting('seed', 1)) & 9223372036854775807) % modulus
$$;

-- Object ids of unit 0 move with the copy; ids outside it (schemas, databases) stay.
CREATE FUNCTION pg_temp.synth_oid(oid_value integer, shift integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN oid_value BETWEEN 14 AND 43 THEN oid_value + shift ELSE oid_value END
$$;

CREATE FUNCTION pg_temp.synth_oids(ids jsonb, shift integer) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN ids IS NULL THEN NULL ELSE
    coalesce((SELECT jsonb_agg(pg_temp.synth_oid(e.value::integer, shift) ORDER BY e.n)
              FROM jsonb_array_elements_text(ids) WITH ORDINALITY AS e(value, n)), '[]'::jsonb)
  END
$$;

-- actor.upstream_actor_ids: {"<upstream fragment id>": [actor ids]}.
CREATE FUNCTION pg_temp.synth_actor_map(upstream jsonb, fragment_shift integer, actor_shift integer)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN upstream IS NULL THEN NULL ELSE
    coalesce((SELECT jsonb_object_agg((u.key::integer + fragment_shift)::text,
                                      (SELECT jsonb_agg(a.value::integer + actor_shift ORDER BY a.n)
                                       FROM jsonb_array_elements_text(u.value) WITH ORDINALITY AS a(value, n)))
              FROM jsonb_each(upstream) AS u), '{}'::jsonb)
  END
$$;

-- Protobuf varint of a non-negative length below 2^21.
CREATE FUNCTION pg_temp.synth_varint(n integer) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN n < 128 THEN set_byte('\x00'::bytea, 0, n)
    WHEN n < 16384 THEN set_byte(set_byte('\x0000'::bytea, 0, (n & 127) | 128), 1, n >> 7)
    ELSE set_byte(set_byte(set_byte('\x000000'::bytea, 0, (n & 127) | 128), 1, ((n >> 7) & 127) | 128), 2, n >> 14)
  END
$$;

-- Protobuf varint of `value` (below 2^35) in exactly 5 bytes.
CREATE FUNCTION pg_temp.synth_varint5(value bigint) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
  SELECT set_byte(set_byte(set_byte(set_byte(set_byte('\x0000000000'::bytea,
           0, ((value & 127) | 128)::integer), 1, (((value >> 7) & 127) | 128)::integer),
           2, (((value >> 14) & 127) | 128)::integer), 3, (((value >> 21) & 127) | 128)::integer),
           4, ((value >> 28) & 127)::integer)
$$;

-- The varint at 0-based `start` of `bytes`: its value and the position after it.
CREATE FUNCTION pg_temp.synth_read_varint(bytes bytea, start integer, OUT value bigint, OUT next integer)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  shift integer := 0;
  b integer;
BEGIN
  value := 0;
  next := start;
  LOOP
    b := get_byte(bytes, next);
    next := next + 1;
    value := value | ((b & 127)::bigint << shift);
    EXIT WHEN b < 128;
    shift := shift + 7;
  END LOOP;
END
$$;

-- The kind of the message at `field` of a message of kind `parent` that synth_plan_template
-- walks, or NULL for a field it copies as it is. Kinds: 'node' (a StreamNode; its inputs are
-- field 3), the node bodies whose ids move ('merge', 'materialize', 'scan', 'backfill', 'source'
-- and its 'source_inner') and the state tables (catalog.Table, 'table') of every node kind
-- RisingWave's visit_stream_node_tables_inner visits, as lib/proto/stream_plan.proto declares
-- them: HashAgg's and SimpleAgg's nested ones here, the tables that are a body's own fields in
-- the second list ('body <n>': StreamNode field n).
CREATE FUNCTION pg_temp.synth_plan_child(parent text, field integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT c.child
  FROM (VALUES ('node', 3, 'node'), ('node', 100, 'source'), ('node', 103, 'materialize'),
               ('node', 111, 'merge'), ('node', 113, 'scan'), ('node', 142, 'backfill'),
               ('source', 1, 'source_inner'), ('source_inner', 2, 'table'), ('scan', 5, 'table'),
               ('backfill', 8, 'table'), ('materialize', 5, 'table'), ('materialize', 6, 'table'),
               -- HashAgg (106), SimpleAgg (105): agg_call_states' materialized inputs,
               -- intermediate_state_table, distinct_dedup_tables' values (map entry field 2)
               ('node', 105, 'agg'), ('node', 106, 'agg'), ('agg', 3, 'agg_call'), ('agg', 4, 'table'),
               ('agg', 6, 'dedup'), ('agg_call', 3, 'agg_input'), ('agg_input', 1, 'table'),
               ('dedup', 2, 'table'),
               -- StreamFsFetch (138): node_inner's state_table
               ('node', 138, 'fs_fetch'), ('fs_fetch', 1, 'fs_fetch_inner'), ('fs_fetch_inner', 2, 'table'))
       AS c(parent, field, child)
  WHERE c.parent = synth_plan_child.parent AND c.field = synth_plan_child.field
  UNION ALL
  SELECT CASE WHEN synth_plan_child.parent = 'node' THEN 'body ' || b.body ELSE 'table' END
  FROM (VALUES (107, 3), (108, 6), (108, 7), (108, 8), (108, 9), (109, 3), (116, 3), (120, 2),
               (122, 3), (122, 4), (124, 4), (125, 1), (126, 2), (129, 1), (130, 4), (131, 9),
               (134, 1), (136, 4), (136, 5), (137, 4), (139, 4), (145, 3), (145, 4), (147, 4),
               (147, 5), (148, 1), (149, 2), (150, 1), (152, 2), (152, 3), (153, 5), (153, 6),
               (154, 5), (156, 2))
       AS b(body, table_field)
  WHERE (synth_plan_child.parent = 'node' AND b.body = synth_plan_child.field)
     OR (synth_plan_child.parent = 'body ' || b.body AND b.table_field = synth_plan_child.field)
  LIMIT 1
$$;

-- A StreamNode (`message_kind` 'node') or a message inside it re-encoded with every id the copies
-- must move as a 5-byte varint: a Merge's upstream_fragment_id (MergeNode field 2, `kinds` 'f'),
-- and the object ids in field 1 of a Materialize, StreamScan, SourceBackfill, a Source's
-- StreamSource and of every state table (catalog.Table) a node keeps (kinds 'o'). `offsets` are
-- the 0-based positions of those varints and `ids` their values. The messages synth_plan_child
-- names are walked; every other field is copied as it is.
CREATE FUNCTION pg_temp.synth_plan_template(node bytea, message_kind text,
                                            OUT bytes bytea, OUT offsets integer[], OUT ids bigint[],
                                            OUT kinds text[])
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  i integer := 0;
  tag record;
  item record;
  len record;
  sub record;
  field integer;
  header bytea;
  sub_kind text;
BEGIN
  bytes := ''::bytea;
  offsets := '{}';
  ids := '{}';
  kinds := '{}';
  WHILE i < length(node) LOOP
    tag := pg_temp.synth_read_varint(node, i);
    field := (tag.value >> 3)::integer;
    CASE tag.value & 7
    WHEN 0 THEN
      item := pg_temp.synth_read_varint(node, tag.next);
      IF (message_kind = 'merge' AND field = 2)
         OR (message_kind IN ('materialize', 'scan', 'backfill', 'source_inner', 'table') AND field = 1) THEN
        bytes := bytes || substring(node FROM i + 1 FOR tag.next - i);
        offsets := offsets || length(bytes);
        ids := ids || item.value;
        kinds := kinds || CASE WHEN message_kind = 'merge' THEN 'f' ELSE 'o' END;
        bytes := bytes || pg_temp.synth_varint5(item.value);
      ELSE
        bytes := bytes || substring(node FROM i + 1 FOR item.next - i);
      END IF;
      i := item.next;
    WHEN 2 THEN
      len := pg_temp.synth_read_varint(node, tag.next);
      sub_kind := pg_temp.synth_plan_child(message_kind, field);
      IF sub_kind IS NOT NULL THEN
        sub := pg_temp.synth_plan_template(substring(node FROM len.next + 1 FOR len.value::integer), sub_kind);
        header := substring(node FROM i + 1 FOR tag.next - i) || pg_temp.synth_varint(length(sub.bytes));
        offsets := offsets || (SELECT coalesce(array_agg(o + length(bytes) + length(header)), '{}') FROM unnest(sub.offsets) AS o);
        ids := ids || sub.ids;
        kinds := kinds || sub.kinds;
        bytes := bytes || header || sub.bytes;
      ELSE
        bytes := bytes || substring(node FROM i + 1 FOR len.next + len.value::integer - i);
      END IF;
      i := len.next + len.value::integer;
    WHEN 5 THEN
      bytes := bytes || substring(node FROM i + 1 FOR tag.next + 4 - i);
      i := tag.next + 4;
    WHEN 1 THEN
      bytes := bytes || substring(node FROM i + 1 FOR tag.next + 8 - i);
      i := tag.next + 8;
    ELSE
      RAISE EXCEPTION 'synthetic catalog: unexpected wire type in a demo plan';
    END CASE;
  END LOOP;
END
$$;

-- 1024 chunks of 1 KiB random bytes (below the TOAST threshold, so reading one is cheap).
CREATE TEMP TABLE synth_pool AS
SELECT c AS chunk_no,
       (SELECT string_agg(decode(md5(pg_temp.synth_setting('seed', 1) || ':' || c || ':' || i), 'hex'), ''::bytea ORDER BY i)
        FROM generate_series(1, 64) AS i) AS chunk
FROM generate_series(0, 1023) AS c;
CREATE UNIQUE INDEX ON synth_pool (chunk_no);

-- `node` followed by the padding field that brings it to the size drawn for `fragment_id`;
-- `node` itself when blob_bytes is 0 or the blob is already that large.
CREATE FUNCTION pg_temp.synth_blob(fragment_id integer, node bytea) RETURNS bytea
LANGUAGE plpgsql STABLE AS $$
DECLARE
  mean integer := pg_temp.synth_setting('blob_bytes', 0);
  payload_length integer;
  payload bytea;
BEGIN
  IF mean <= 0 THEN
    RETURN node;
  END IF;
  -- 5 bytes for the field's tag and length
  payload_length := mean / 4 + pg_temp.synth_random(fragment_id, 7 * mean / 4 + 1) - length(node) - 5;
  IF payload_length <= 0 THEN
    RETURN node;
  END IF;
  SELECT string_agg(p.chunk, ''::bytea ORDER BY n.n) INTO payload
    FROM generate_series(0, payload_length / 1024) AS n(n)
    JOIN synth_pool AS p ON p.chunk_no = pg_temp.synth_random(fragment_id::bigint * 4096 + n.n, 1024);
  RETURN node || '\xc23e'::bytea || pg_temp.synth_varint(payload_length)
              || substring(payload FROM 1 FOR payload_length);
END
$$;

-- INSERT INTO target (all its columns in this generation) SELECT ... FROM from_clause, each
-- column taken from alias "src" unless `overrides` maps its name to an SQL expression.
-- Columns in `skip` (serial ids) get their defaults. Overrides for columns that this
-- generation lacks are ignored, which is what keeps one generator valid for every layout.
CREATE FUNCTION pg_temp.synth_insert_select(target text, from_clause text, overrides jsonb,
                                            skip text[] DEFAULT '{}') RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  column_list text;
  expressions text;
  inserted bigint;
BEGIN
  SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position),
         string_agg(coalesce(overrides ->> column_name, 'src.' || quote_ident(column_name)), ', '
                    ORDER BY ordinal_position)
    INTO column_list, expressions
    FROM information_schema.columns
   WHERE table_schema = current_schema() AND table_name = target
     AND column_name <> ALL (skip);
  IF column_list IS NULL THEN
    RETURN 0;  -- this generation has no such table
  END IF;
  EXECUTE format('INSERT INTO %I (%s) SELECT %s FROM %s', target, column_list, expressions, from_clause);
  GET DIAGNOSTICS inserted = ROW_COUNT;
  RETURN inserted;
END
$$;

DO $$
BEGIN
  IF (SELECT max(oid) FROM object) IS DISTINCT FROM 43
     OR (SELECT max(fragment_id) FROM fragment) IS DISTINCT FROM 20 THEN
    RAISE EXCEPTION 'synthetic catalog: expected exactly the demo catalog (objects up to 43, fragments up to 20)'
      USING HINT = 'load sql/schema/<generation>.sql and sql/demo/catalog.sql into an empty database first';
  END IF;
END
$$;

-- The demo plans as templates for the copies (see UNITS).
CREATE TEMP TABLE synth_plan AS
SELECT f.fragment_id, (t).bytes AS template, (t).offsets, (t).ids, (t).kinds
FROM (SELECT fragment_id, pg_temp.synth_plan_template(stream_node, 'node') AS t
      FROM fragment WHERE fragment_id BETWEEN 1 AND 20) AS f;
CREATE UNIQUE INDEX ON synth_plan (fragment_id);

-- Demo fragment `fragment_id`'s plan with its Merges' upstream fragment ids moved by `shift` and
-- the ids of unit 0's objects it names moved by `object_shift`.
CREATE FUNCTION pg_temp.synth_shifted_plan(fragment_id integer, shift integer, object_shift integer) RETURNS bytea
LANGUAGE plpgsql STABLE AS $$
DECLARE
  plan record;
  result bytea;
BEGIN
  SELECT * INTO plan FROM synth_plan AS p WHERE p.fragment_id = synth_shifted_plan.fragment_id;
  result := plan.template;
  FOR n IN 1 .. coalesce(array_length(plan.offsets, 1), 0) LOOP
    result := overlay(result PLACING pg_temp.synth_varint5(CASE WHEN plan.kinds[n] = 'f' THEN plan.ids[n] + shift
                                                               ELSE pg_temp.synth_oid(plan.ids[n]::integer, object_shift) END)
                      FROM plan.offsets[n] + 1 FOR 5);
  END LOOP;
  RETURN result;
END
$$;

CREATE TEMP TABLE synth_copy AS
SELECT k, 30 * k AS o_shift, 20 * k AS f_shift, 77 * k AS a_shift, '_' || k AS suffix
FROM generate_series(1, pg_temp.synth_setting('copies', 0)::integer) AS k;

-- Copies of unit 0, table by table in foreign-key order.
SELECT pg_temp.synth_insert_select('object',
  'object AS src CROSS JOIN synth_copy AS c WHERE src.oid BETWEEN 14 AND 43',
  '{"oid": "src.oid + c.o_shift", "belong_to_oid": "pg_temp.synth_oid(src.belong_to_oid, c.o_shift)"}');
SELECT pg_temp.synth_insert_select('streaming_job',
  'streaming_job AS src CROSS JOIN synth_copy AS c WHERE src.job_id BETWEEN 14 AND 43',
  '{"job_id": "src.job_id + c.o_shift"}');
SELECT pg_temp.synth_insert_select('fragment',
  'fragment AS src CROSS JOIN synth_copy AS c WHERE src.fragment_id BETWEEN 1 AND 20',
  '{"fragment_id": "src.fragment_id + c.f_shift", "job_id": "src.job_id + c.o_shift",
    "state_table_ids": "pg_temp.synth_oids(src.state_table_ids, c.o_shift)",
    "stream_node": "pg_temp.synth_blob(src.fragment_id + c.f_shift, pg_temp.synth_shifted_plan(src.fragment_id, c.f_shift, c.o_shift))"}');
SELECT pg_temp.synth_insert_select('actor',
  'actor AS src CROSS JOIN synth_copy AS c WHERE src.actor_id BETWEEN 1 AND 77',
  '{"actor_id": "src.actor_id + c.a_shift", "fragment_id": "src.fragment_id + c.f_shift",
    "upstream_actor_ids": "pg_temp.synth_actor_map(src.upstream_actor_ids, c.f_shift, c.a_shift)"}');
SELECT pg_temp.synth_insert_select('fragment_relation',
  'fragment_relation AS src CROSS JOIN synth_copy AS c WHERE src.source_fragment_id BETWEEN 1 AND 20',
  '{"source_fragment_id": "src.source_fragment_id + c.f_shift", "target_fragment_id": "src.target_fragment_id + c.f_shift"}');
SELECT pg_temp.synth_insert_select('fragment_splits',
  'fragment_splits AS src CROSS JOIN synth_copy AS c WHERE src.fragment_id BETWEEN 1 AND 20',
  '{"fragment_id": "src.fragment_id + c.f_shift"}');
SELECT pg_temp.synth_insert_select('source',
  'source AS src CROSS JOIN synth_copy AS c WHERE src.source_id BETWEEN 14 AND 43',
  '{"source_id": "src.source_id + c.o_shift", "name": "src.name || c.suffix",
    "optional_associated_table_id": "pg_temp.synth_oid(src.optional_associated_table_id, c.o_shift)"}');
SELECT pg_temp.synth_insert_select('table',
  '"table" AS src CROSS JOIN synth_copy AS c WHERE src.table_id BETWEEN 14 AND 43',
  '{"table_id": "src.table_id + c.o_shift", "name": "src.name || c.suffix",
    "optional_associated_source_id": "pg_temp.synth_oid(src.optional_associated_source_id, c.o_shift)",
    "belongs_to_job_id": "pg_temp.synth_oid(src.belongs_to_job_id, c.o_shift)",
    "fragment_id": "src.fragment_id + c.f_shift", "dml_fragment_id": "src.dml_fragment_id + c.f_shift",
    "incoming_sinks": "pg_temp.synth_oids(src.incoming_sinks, c.o_shift)"}');
SELECT pg_temp.synth_insert_select('index',
  '"index" AS src CROSS JOIN synth_copy AS c WHERE src.index_id BETWEEN 14 AND 43',
  '{"index_id": "src.index_id + c.o_shift", "name": "src.name || c.suffix",
    "index_table_id": "pg_temp.synth_oid(src.index_table_id, c.o_shift)",
    "primary_table_id": "pg_temp.synth_oid(src.primary_table_id, c.o_shift)"}');
SELECT pg_temp.synth_insert_select('sink',
  'sink AS src CROSS JOIN synth_copy AS c WHERE src.sink_id BETWEEN 14 AND 43',
  '{"sink_id": "src.sink_id + c.o_shift", "name": "src.name || c.suffix",
    "target_table": "pg_temp.synth_oid(src.target_table, c.o_shift)"}');
SELECT pg_temp.synth_insert_select('view',
  'view AS src CROSS JOIN synth_copy AS c WHERE src.view_id BETWEEN 14 AND 43',
  '{"view_id": "src.view_id + c.o_shift", "name": "src.name || c.suffix"}');
SELECT pg_temp.synth_insert_select('subscription',
  'subscription AS src CROSS JOIN synth_copy AS c WHERE src.subscription_id BETWEEN 14 AND 43',
  '{"subscription_id": "src.subscription_id + c.o_shift", "name": "src.name || c.suffix",
    "dependent_table_id": "pg_temp.synth_oid(src.dependent_table_id, c.o_shift)"}');
SELECT pg_temp.synth_insert_select('object_dependency',
  'object_dependency AS src CROSS JOIN synth_copy AS c WHERE src.used_by BETWEEN 14 AND 43',
  '{"oid": "pg_temp.synth_oid(src.oid, c.o_shift)", "used_by": "src.used_by + c.o_shift"}', '{id}');
SELECT pg_temp.synth_insert_select('user_privilege',
  'user_privilege AS src CROSS JOIN synth_copy AS c WHERE src.oid BETWEEN 14 AND 43',
  '{"oid": "src.oid + c.o_shift"}', '{id}');
SELECT pg_temp.synth_insert_select('pending_sink_state',
  'pending_sink_state AS src CROSS JOIN synth_copy AS c WHERE src.sink_id BETWEEN 14 AND 43',
  '{"sink_id": "src.sink_id + c.o_shift"}');

-- Widening: one row per extra fragment, with its ids and its neighbours.
CREATE TEMP TABLE synth_widen AS
WITH entry AS (
  -- per target fragment, its smallest upstream fragment of the same job (one hash join and
  -- one GROUP BY: fragment_relation has no index on target_fragment_id)
  SELECT r.target_fragment_id AS fragment_id, min(r.source_fragment_id) AS entry_fragment_id
  FROM fragment_relation r
  JOIN fragment e ON e.fragment_id = r.source_fragment_id
  JOIN fragment t ON t.fragment_id = r.target_fragment_id
  WHERE e.job_id = t.job_id
  GROUP BY r.target_fragment_id
), mview AS (
  SELECT m.fragment_id, m.job_id, m.distribution_type, entry.entry_fragment_id
  FROM fragment m
  JOIN entry ON entry.fragment_id = m.fragment_id
  WHERE m.fragment_type_mask & 2 <> 0 AND m.fragment_type_mask & 16 = 0
), sized AS (
  SELECT mview.*, pg_temp.synth_random(fragment_id, 2 * pg_temp.synth_setting('width', 0) + 1) AS extra
  FROM mview WHERE entry_fragment_id IS NOT NULL
), numbered AS (
  SELECT s.fragment_id AS mview_fragment_id, s.job_id, s.distribution_type, s.entry_fragment_id, s.extra, i.i AS position,
         row_number() OVER (ORDER BY s.fragment_id, i.i) AS seq
  FROM sized AS s CROSS JOIN LATERAL generate_series(1, s.extra::integer) AS i(i)
)
SELECT n.*,
       ((SELECT max(fragment_id) FROM fragment) + n.seq)::integer AS fragment_id,
       ((SELECT max(oid) FROM object) + n.seq)::integer AS table_id,
       ((SELECT coalesce(max(actor_id), 0) FROM actor) + 4 * (n.seq - 1))::integer AS actor_base,
       CASE WHEN n.distribution_type = 'SINGLE' THEN 43 ELSE 18 END AS template_table_id
FROM numbered AS n;
CREATE INDEX ON synth_widen (mview_fragment_id, position);

SELECT pg_temp.synth_insert_select('object',
  'synth_widen AS w JOIN object AS src ON src.oid = w.job_id',
  '{"oid": "w.table_id", "obj_type": "''TABLE''", "belong_to_oid": "w.job_id"}');
SELECT pg_temp.synth_insert_select('fragment',
  'synth_widen AS w JOIN fragment AS src ON src.fragment_id = w.mview_fragment_id',
  '{"fragment_id": "w.fragment_id", "fragment_type_mask": "0",
    "state_table_ids": "jsonb_build_array(w.table_id)",
    "stream_node": "pg_temp.synth_blob(w.fragment_id, ''\\x0801''::bytea)"}');
SELECT pg_temp.synth_insert_select('table',
  'synth_widen AS w JOIN "table" AS src ON src.table_id = w.template_table_id',
  '{"table_id": "w.table_id", "name": "''__internal_synth_'' || w.fragment_id || ''_hashagg_'' || w.table_id",
    "belongs_to_job_id": "w.job_id", "fragment_id": "w.fragment_id"}');
SELECT pg_temp.synth_insert_select('actor',
  'synth_widen AS w JOIN (SELECT a.*, row_number() OVER (PARTITION BY a.fragment_id ORDER BY a.actor_id) AS rank_in_fragment FROM actor AS a) AS src ON src.fragment_id = w.mview_fragment_id',
  '{"actor_id": "w.actor_base + src.rank_in_fragment", "fragment_id": "w.fragment_id",
    "upstream_actor_ids": "''{}''::jsonb", "splits": "NULL"}');

-- Edges into every extra fragment from up to fan_in predecessors (x_0 is the entry fragment),
-- the nearest one NO_SHUFFLE inside the first `ensemble` extra fragments, and from the last
-- extra fragment into the MVIEW fragment.
INSERT INTO fragment_relation (source_fragment_id, target_fragment_id, dispatcher_type, dist_key_indices, output_indices)
SELECT CASE WHEN w.position - back.back = 0 THEN w.entry_fragment_id ELSE p.fragment_id END,
       w.fragment_id,
       CASE WHEN back.back = 1 AND w.position BETWEEN 2 AND pg_temp.synth_setting('ensemble', 1)
            THEN 'NO_SHUFFLE' ELSE 'HASH' END,
       '[0]'::jsonb, '[0,1]'::jsonb
FROM synth_widen AS w
CROSS JOIN generate_series(1, greatest(pg_temp.synth_setting('fan_in', 3), 1)::integer) AS back(back)
LEFT JOIN synth_widen AS p ON p.mview_fragment_id = w.mview_fragment_id AND p.position = w.position - back.back
WHERE w.position - back.back >= 0;
INSERT INTO fragment_relation (source_fragment_id, target_fragment_id, dispatcher_type, dist_key_indices, output_indices)
SELECT w.fragment_id, w.mview_fragment_id, 'HASH', '[0]'::jsonb, '[0,1]'::jsonb
FROM synth_widen AS w WHERE w.position = w.extra;

-- Unit 0 last: the copies above were made from its unpadded blobs.
UPDATE fragment SET stream_node = pg_temp.synth_blob(fragment_id, stream_node)
 WHERE fragment_id BETWEEN 1 AND 20 AND pg_temp.synth_setting('blob_bytes', 0) > 0;

-- Object ids come from the serial column: continue after the last object.
SELECT setval('object_oid_seq', (SELECT max(oid) FROM object));
ANALYZE;
