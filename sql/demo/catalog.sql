-- Demo catalog for rwdoctor: a realistic, HEALTHY RisingWave meta store content.
--
-- Load it right after sql/schema/<generation>.sql (v2_0, v2_4, v2_8, v3_0_3 or head) into the
-- same fresh database. It is plain SQL (no psql meta-commands) and may be sent as one
-- multi-statement string. Generation differences are handled inside the file by DO blocks
-- and conditional INSERT ... SELECT statements that look at information_schema in
-- current_schema():
--   * table.incoming_sinks (<= v2.6, i.e. v2_0 and v2_4): a temporary column default is set
--     at the start and dropped again at the end; the sink-into-table target lists its sink.
--   * streaming_job.max_parallelism, fragment.vnode_count, table.vnode_count (v2.1+) and
--     table.engine (v2.2+), i.e. missing in v2_0: temporary columns take the common INSERTs
--     and are dropped again at the end (v2.0 has no per-fragment vnode count).
--   * actor rows (<= v2.6, i.e. no fragment_splits table): one RUNNING actor per parallel
--     unit (4 per HASH fragment, 1 per SINGLE fragment) on compute worker 1, with vnode
--     bitmaps, expr_context and Kafka splits (encoded_split: a version byte 1, then the
--     split as JSON, as JsonbVal::value_serialize writes it); actor_dispatcher stays empty (stale) from v2.3.
--   * fragment_relation (v2.3+): in v2_0 a temporary table takes the edges; at the end they
--     become actor_dispatcher rows and fragment.upstream_fragment_id lists, as meta stores
--     them before v2.3.
--   * fragment_splits (v2.7+): one row per SOURCE / SOURCE_SCAN fragment that reads a source.
-- A TABLE's DML fragment is {SOURCE,DML} (mask 129) as RisingWave writes it: StreamDml over a
-- StreamSource whose SourceNode has no source_inner (a placeholder; the fragmenter sets the
-- Source bit for any Source node), with no splits (no fragment_splits row, NULL actor splits).
--   * UPSTREAM_SINK_UNION (65536, v2.7+): the sink-into-table target's MVIEW fragment gets
--     the bit and an UpstreamSinkUnion node; before v2.7 it has a plain Union of Merges.
--   * pending_sink_state (v2.8+): two rows for the exactly-once Iceberg sink.
--   * object.belong_to_oid (HEAD): set like m20260805_000000_object_belong_to_oid does.
-- Every job is CREATED; every protobuf bytea is well-formed wire format; JSON columns use
-- the documented shapes. object_oid_seq is advanced to the last oid at the end.
-- Hummock: a time-travel snapshot (version 8800) whose state_table_info lists every state table
-- below; the version deltas 8806..8812 above checkpoint 8805 (max_committed_epoch holds the
-- commit's epoch on v2_0 only, 0 from v2.1 on); time-travel deltas 8801..8812; version stats for
-- every state table but 32 and 42 (never flushed); no hummock_epoch_to_version rows. Version
-- 8800 + k is committed at 2026-12-01 02:58:00 UTC + k s, by database dev for even k and shop for
-- odd k; epoch = (milliseconds since 2021-04-01 00:00:00 UTC) << 16.
--
-- ID MAP (object oid = job id = table/source/sink/index id). Seeded by the schema file:
-- 1 DATABASE dev; 2..5 SCHEMA public, pg_catalog, information_schema, rw_catalog. Users:
-- root (1, owns everything below), postgres (2).
--
--  oid  type                 qualified name                                  job / fragments
--    6  SCHEMA               dev."Sales ""Ops"""                             -
--    7  SCHEMA               dev.analytics                                   -
--    8  DATABASE             shop                                            -
--    9  SCHEMA               shop.public                                     -
--   10  SCHEMA               shop.pg_catalog                                 -
--   11  SCHEMA               shop.information_schema                         -
--   12  SCHEMA               shop.rw_catalog                                 -
--   13  SCHEMA               shop."ops-team"                                 -
--   14  SOURCE (shared)      dev.public.orders_src                           job CREATED FOREGROUND, fragments 1
--   15  internal table       dev.public.__internal_orders_src_1_source_15    state of job 14, fragment 1
--   16  MATERIALIZED VIEW    dev.public.mv_orders                            job CREATED FOREGROUND, fragments 2,3
--   17  internal table       dev.public.__internal_mv_orders_2_sourcebackfill_17 state of job 16, fragment 2
--   18  internal table       dev.public.__internal_mv_orders_3_hashaggresult_18 state of job 16, fragment 3
--   19  TABLE                dev.public."Customers"                          job CREATED FOREGROUND, fragments 4,5
--   20  SOURCE (associated)  dev.public."Customers"                          no job; read by fragment 4 of table 19
--   21  internal table       dev.public."__internal_Customers_4_source_21"   state of job 19, fragment 4
--   22  INDEX                dev.public.idx_customers_region                 job CREATED FOREGROUND, fragments 6,7
--   23  internal table       dev.public.__internal_idx_customers_region_6_streamscan_23 state of job 22, fragment 6
--   24  MATERIALIZED VIEW    dev.public."Top Customers"                      job CREATED FOREGROUND, fragments 8
--   25  internal table       dev.public."__internal_Top Customers_8_streamscan_25" state of job 24, fragment 8
--   26  SINK                 dev.public.orders_iceberg_sink                  job CREATED BACKGROUND, fragments 9
--   27  internal table       dev.public.__internal_orders_iceberg_sink_9_streamscan_27 state of job 26, fragment 9
--   28  VIEW                 dev.public.v_big_orders                         no job
--   29  SUBSCRIPTION         dev.public.sub_orders                           no job
--   30  TABLE                dev."Sales ""Ops""".order_archive               job CREATED FOREGROUND, fragments 10,11
--   31  SINK (into table)    dev."Sales ""Ops""".orders_to_archive           job CREATED FOREGROUND, fragments 12
--   32  internal table       dev."Sales ""Ops""".__internal_orders_to_archive_12_streamscan_32 state of job 31, fragment 12
--   33  MATERIALIZED VIEW    dev.analytics."customer ""orders"""             job CREATED FOREGROUND, fragments 13,14,15
--   34  internal table       dev.analytics."__internal_customer ""orders""_13_streamscan_34" state of job 33, fragment 13
--   35  internal table       dev.analytics."__internal_customer ""orders""_14_streamscan_35" state of job 33, fragment 14
--   36  internal table       dev.analytics."__internal_customer ""orders""_15_hashjoinleft_36" state of job 33, fragment 15
--   37  internal table       dev.analytics."__internal_customer ""orders""_15_hashjoinright_37" state of job 33, fragment 15
--   38  TABLE                shop.public.inventory                           job CREATED FOREGROUND, fragments 16,17
--   39  MATERIALIZED VIEW    shop.public.low_stock                           job CREATED FOREGROUND, fragments 18
--   40  internal table       shop.public.__internal_low_stock_18_streamscan_40 state of job 39, fragment 18
--   41  MATERIALIZED VIEW    shop."ops-team".low_stock_summary               job CREATED BACKGROUND, fragments 19,20
--   42  internal table       shop."ops-team".__internal_low_stock_summary_19_streamscan_42 state of job 41, fragment 19
--   43  internal table       shop."ops-team".__internal_low_stock_summary_20_simpleaggresult_43 state of job 41, fragment 20
--
-- SEED INCIDENT TARGET: oid 16 = dev.public.mv_orders (CREATED materialized view; fragments
-- 2 (SOURCE_SCAN) and 3 (MVIEW); state tables 16, 17, 18). It is read by 24, 26, 28, 29,
-- 31 and 33.
--
-- FRAGMENTS (id: job, type mask, distribution, vnode_count, state_table_ids):
--    1: job 14,    1 SOURCE                 HASH   vnodes 256, state [15]
--    2: job 16, 1024 SOURCE_SCAN            HASH   vnodes 256, state [17]
--    3: job 16,    2 MVIEW                  HASH   vnodes 256, state [16, 18]
--    4: job 19,  129 SOURCE|DML             HASH   vnodes 256, state [21]
--    5: job 19,    2 MVIEW                  HASH   vnodes 256, state [19]
--    6: job 22,   16 STREAM_SCAN            HASH   vnodes 256, state [23]
--    7: job 22,    2 MVIEW                  HASH   vnodes 256, state [22]
--    8: job 24,   18 MVIEW|STREAM_SCAN      HASH   vnodes 256, state [24, 25]
--    9: job 26,   20 SINK|STREAM_SCAN       HASH   vnodes 256, state [27]
--   10: job 30,  129 SOURCE|DML (placeholder) HASH  vnodes 256, state []
--   11: job 30,    2 MVIEW (+UPSTREAM_SINK_UNION 65536 on v2.7+) HASH   vnodes 256, state [30]
--   12: job 31,   20 SINK|STREAM_SCAN       HASH   vnodes 256, state [32]
--   13: job 33,   16 STREAM_SCAN            HASH   vnodes 256, state [34]
--   14: job 33,   16 STREAM_SCAN            HASH   vnodes 256, state [35]
--   15: job 33,    2 MVIEW                  HASH   vnodes 256, state [33, 36, 37]
--   16: job 38,  129 SOURCE|DML (placeholder) HASH  vnodes 256, state []
--   17: job 38,    2 MVIEW                  HASH   vnodes 256, state [38]
--   18: job 39,   18 MVIEW|STREAM_SCAN      HASH   vnodes 256, state [39, 40]
--   19: job 41,   16 STREAM_SCAN            HASH   vnodes 256, state [42]
--   20: job 41,    2 MVIEW                  SINGLE vnodes   1, state [41, 43]
--
-- EDGES (fragment_relation source -> target, dispatcher; X = cross-job, mirrored by
-- object_dependency except the sink-into-table edge):
--   1->2 NO_SHUFFLE X; 2->3 HASH; 4->5 HASH; 5->6 NO_SHUFFLE X; 6->7 HASH; 3->8 NO_SHUFFLE X;
--   3->9 NO_SHUFFLE X; 10->11 HASH; 3->12 NO_SHUFFLE X; 12->11 HASH X; 5->13 NO_SHUFFLE X;
--   3->14 NO_SHUFFLE X; 13->15 HASH; 14->15 HASH; 16->17 HASH; 17->18 NO_SHUFFLE X;
--   18->19 NO_SHUFFLE X; 19->20 SIMPLE;
-- Extra object_dependency rows: index 22 on table 19, view 28 and subscription 29 on 16.
-- Sink 31 writes into table 30 (edge 12->11, no object_dependency, like RisingWave).
-- Fragment ids 1..20 are used; object oids 6..43; injections use oids and fragment ids
-- from 100 upward. Worker 1 is the only compute node (parallelism 4).

-- v2_4 (table.incoming_sinks jsonb NOT NULL): give the column a temporary default so the
-- common INSERT below works on every generation; removed again at the end of this file.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = 'table'
               AND column_name = 'incoming_sinks')
     AND (SELECT column_default FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'table'
            AND column_name = 'incoming_sinks') IS NULL THEN
    EXECUTE 'ALTER TABLE "table" ALTER COLUMN incoming_sinks SET DEFAULT ''[]''::jsonb';
    PERFORM set_config('rwdoctor_demo.drop_incoming_sinks_default', 'on', false);
  END IF;
END
$$;

-- v2_0 (before m20240911_083152_variable_vnode_count, m20241121_101830_table_engine and
-- m20250106_072104_fragment_relation): add the missing columns as temporary columns and
-- create a temporary fragment_relation table, so the common INSERTs below work; the end
-- of this file turns the edges into actor_dispatcher rows and drops the temporaries.
DO $$
DECLARE
  c record;
  added text := '';
BEGIN
  FOR c IN SELECT * FROM (VALUES ('streaming_job', 'max_parallelism', 'integer'),
                                 ('fragment', 'vnode_count', 'integer'),
                                 ('table', 'vnode_count', 'integer'),
                                 ('table', 'engine', 'varchar')) AS v (tab, col, typ)
  LOOP
    IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                   WHERE table_schema = current_schema() AND table_name = c.tab
                     AND column_name = c.col) THEN
      EXECUTE format('ALTER TABLE %I ADD COLUMN %I %s', c.tab, c.col, c.typ);
      added := added || ' ' || c.tab || '.' || c.col;
    END IF;
  END LOOP;
  PERFORM set_config('rwdoctor_demo.drop_temporary_columns', ltrim(added), false);
  IF NOT EXISTS (SELECT 1 FROM information_schema.tables
                 WHERE table_schema = current_schema() AND table_name = 'fragment_relation') THEN
    EXECUTE 'CREATE TEMPORARY TABLE fragment_relation (source_fragment_id integer NOT NULL, '
            'target_fragment_id integer NOT NULL, dispatcher_type varchar NOT NULL, '
            'dist_key_indices jsonb NOT NULL, output_indices jsonb NOT NULL)';
    PERFORM set_config('rwdoctor_demo.drop_fragment_relation', 'on', false);
  END IF;
END
$$;

-- Objects. DATABASE objects have no schema/database; SCHEMA objects only a database.
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id) VALUES
  (6, 'SCHEMA', 1, NULL, 1),  -- Sales "Ops"
  (7, 'SCHEMA', 1, NULL, 1),  -- analytics
  (8, 'DATABASE', 1, NULL, NULL),  -- shop
  (9, 'SCHEMA', 1, NULL, 8),  -- public
  (10, 'SCHEMA', 1, NULL, 8),  -- pg_catalog
  (11, 'SCHEMA', 1, NULL, 8),  -- information_schema
  (12, 'SCHEMA', 1, NULL, 8),  -- rw_catalog
  (13, 'SCHEMA', 1, NULL, 8),  -- ops-team
  (14, 'SOURCE', 1, 2, 1),  -- orders_src
  (15, 'TABLE', 1, 2, 1),  -- __internal_orders_src_1_source_15
  (16, 'TABLE', 1, 2, 1),  -- mv_orders
  (17, 'TABLE', 1, 2, 1),  -- __internal_mv_orders_2_sourcebackfill_17
  (18, 'TABLE', 1, 2, 1),  -- __internal_mv_orders_3_hashaggresult_18
  (19, 'TABLE', 1, 2, 1),  -- Customers
  (20, 'SOURCE', 1, 2, 1),  -- Customers
  (21, 'TABLE', 1, 2, 1),  -- __internal_Customers_4_source_21
  (22, 'INDEX', 1, 2, 1),  -- idx_customers_region
  (23, 'TABLE', 1, 2, 1),  -- __internal_idx_customers_region_6_streamscan_23
  (24, 'TABLE', 1, 2, 1),  -- Top Customers
  (25, 'TABLE', 1, 2, 1),  -- __internal_Top Customers_8_streamscan_25
  (26, 'SINK', 1, 2, 1),  -- orders_iceberg_sink
  (27, 'TABLE', 1, 2, 1),  -- __internal_orders_iceberg_sink_9_streamscan_27
  (28, 'VIEW', 1, 2, 1),  -- v_big_orders
  (29, 'SUBSCRIPTION', 1, 2, 1),  -- sub_orders
  (30, 'TABLE', 1, 6, 1),  -- order_archive
  (31, 'SINK', 1, 6, 1),  -- orders_to_archive
  (32, 'TABLE', 1, 6, 1),  -- __internal_orders_to_archive_12_streamscan_32
  (33, 'TABLE', 1, 7, 1),  -- customer "orders"
  (34, 'TABLE', 1, 7, 1),  -- __internal_customer "orders"_13_streamscan_34
  (35, 'TABLE', 1, 7, 1),  -- __internal_customer "orders"_14_streamscan_35
  (36, 'TABLE', 1, 7, 1),  -- __internal_customer "orders"_15_hashjoinleft_36
  (37, 'TABLE', 1, 7, 1),  -- __internal_customer "orders"_15_hashjoinright_37
  (38, 'TABLE', 1, 9, 8),  -- inventory
  (39, 'TABLE', 1, 9, 8),  -- low_stock
  (40, 'TABLE', 1, 9, 8),  -- __internal_low_stock_18_streamscan_40
  (41, 'TABLE', 1, 13, 8),  -- low_stock_summary
  (42, 'TABLE', 1, 13, 8),  -- __internal_low_stock_summary_19_streamscan_42
  (43, 'TABLE', 1, 13, 8);  -- __internal_low_stock_summary_20_simpleaggresult_43

-- Timestamps: the demo objects were created one after another, starting a day after the
-- cluster (the seeded dev database); finishing a job refreshes created_at.
UPDATE object o
   SET initialized_at = d.created_at + interval '1 day' + o.oid * interval '7 minutes',
       created_at     = d.created_at + interval '1 day' + o.oid * interval '7 minutes' + interval '40 seconds'
  FROM object d
 WHERE d.oid = 1 AND o.oid >= 6;

INSERT INTO database (database_id, name) VALUES
  (8, 'shop');

INSERT INTO schema (schema_id, name) VALUES
  (6, 'Sales "Ops"'),
  (7, 'analytics'),
  (9, 'public'),
  (10, 'pg_catalog'),
  (11, 'information_schema'),
  (12, 'rw_catalog'),
  (13, 'ops-team');

-- One compute node with 4 parallel units (worker ids come from the serial column).
INSERT INTO worker (worker_id, worker_type, host, port, status, transaction_id) VALUES
  (1, 'COMPUTE_NODE', 'compute-0.compute', 5688, 'RUNNING', NULL),
  (2, 'FRONTEND', 'frontend-0.frontend', 4566, 'RUNNING', NULL);
INSERT INTO worker_property (worker_id, is_streaming, is_serving, is_unschedulable, parallelism, internal_rpc_host_addr) VALUES
  (1, true, true, false, 4, ''),
  (2, false, false, false, NULL, 'frontend-0.frontend:6688');
SELECT setval(pg_get_serial_sequence('worker', 'worker_id'), 2);

INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism) VALUES
  (14, 'CREATED', 'FOREGROUND', 'UTC', '"Adaptive"', 256),  -- orders_src
  (16, 'CREATED', 'FOREGROUND', 'UTC', '"Adaptive"', 256),  -- mv_orders
  (19, 'CREATED', 'FOREGROUND', 'UTC', '"Adaptive"', 256),  -- Customers
  (22, 'CREATED', 'FOREGROUND', 'UTC', '"Adaptive"', 256),  -- idx_customers_region
  (24, 'CREATED', 'FOREGROUND', 'UTC', '"Adaptive"', 256),  -- Top Customers
  (26, 'CREATED', 'BACKGROUND', 'UTC', '"Adaptive"', 256),  -- orders_iceberg_sink
  (30, 'CREATED', 'FOREGROUND', 'UTC', '"Adaptive"', 256),  -- order_archive
  (31, 'CREATED', 'FOREGROUND', 'UTC', '"Adaptive"', 256),  -- orders_to_archive
  (33, 'CREATED', 'FOREGROUND', 'UTC', '"Adaptive"', 256),  -- customer "orders"
  (38, 'CREATED', 'FOREGROUND', 'UTC', '{"Fixed": 4}', 256),  -- inventory
  (39, 'CREATED', 'FOREGROUND', 'UTC', '"Adaptive"', 256),  -- low_stock
  (41, 'CREATED', 'BACKGROUND', 'UTC', '"Adaptive"', 256);  -- low_stock_summary

-- Sources: 14 is a shared source (its own job); 20 is the connector source of table 19.
INSERT INTO source (source_id, name, row_id_index, columns, pk_column_ids, with_properties, definition, source_info, watermark_descs, optional_associated_table_id, connection_id, version) VALUES
  (14, 'orders_src', 5, decode('0a140a120a040803200110011a086f726465725f69640a170a150a040802200110021a0b637573746f6d65725f69640a120a100a040808200110031a06616d6f756e740a160a140a04080d200110041a0a6f726465725f74696d650a210a1d0a04080d200110051a135f72775f6b61666b615f74696d657374616d7010010a130a0f0a04081320011a075f726f775f69641001', 'hex'), '[0]'::jsonb, '{"connector":"kafka","topic":"orders","properties.bootstrap.server":"kafka-0.kafka:9092","scan.startup.mode":"earliest"}'::jsonb, 'CREATE SOURCE orders_src (order_id BIGINT, customer_id INT, amount DECIMAL, order_time TIMESTAMPTZ) INCLUDE timestamp WITH (connector = ''kafka'', topic = ''orders'', properties.bootstrap.server = ''kafka-0.kafka:9092'', scan.startup.mode = ''earliest'') FORMAT PLAIN ENCODE JSON', decode('400748056801', 'hex'), '\x'::bytea, NULL, NULL, 1),
  (20, 'Customers', NULL, decode('0a170a150a040802200110011a0b637573746f6d65725f69640a100a0e0a040807200110021a046e616d650a120a100a040807200110031a06726567696f6e0a210a1d0a04080d200110041a135f72775f6b61666b615f74696d657374616d701001', 'hex'), '[1]'::jsonb, '{"connector":"kafka","topic":"customers","properties.bootstrap.server":"kafka-0.kafka:9092","scan.startup.mode":"earliest"}'::jsonb, 'CREATE TABLE "Customers" (customer_id INT PRIMARY KEY, name VARCHAR, region VARCHAR) INCLUDE timestamp WITH (connector = ''kafka'', topic = ''customers'', properties.bootstrap.server = ''kafka-0.kafka:9092'') FORMAT PLAIN ENCODE JSON', decode('40074805', 'hex'), '\x'::bytea, 19, NULL, 1);

-- Fragments (ids are allocated by meta, not by the serial; upstream_fragment_id is [] since v2.3).
INSERT INTO fragment (fragment_id, job_id, fragment_type_mask, distribution_type, stream_node, state_table_ids, upstream_fragment_id, vnode_count) VALUES
  (1, 14, 1, 'HASH', decode('080112010092010c53747265616d536f757263659a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01120a04080d2001120a6f726465725f74696d659a011b0a04080d200112135f72775f6b61666b615f74696d657374616d709a010f0a040813200112075f726f775f6964c00101a2068c010a8901080e1202080f420a6f72646572735f73726332120a09636f6e6e6563746f7212056b61666b61320f0a05746f70696312066f726465727332310a1b70726f706572746965732e626f6f7473747261702e73657276657212126b61666b612d302e6b61666b613a39303932321d0a117363616e2e737461727475702e6d6f646512086561726c69657374', 'hex'), '[15]'::jsonb, '[]', 256),  -- job 14
  (2, 16, 1024, 'HASH', decode('08031201001a9901080212010092010b53747265616d4d657267659a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01120a04080d2001120a6f726465725f74696d659a011b0a04080d200112135f72775f6b61666b615f74696d657374616d709a010f0a040813200112075f726f775f6964fa06041001180492011053747265616d536f757263655363616e9a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01120a04080d2001120a6f726465725f74696d659a011b0a04080d200112135f72775f6b61666b615f74696d657374616d709a010f0a040813200112075f726f775f6964c00101f20812080e2a0a6f72646572735f73726342020811', 'hex'), '[17]'::jsonb, '[]', 256),  -- job 16
  (3, 16, 2, 'HASH', decode('08061201001a950208051201001a9901080412010092010b53747265616d4d657267659a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01120a04080d2001120a6f726465725f74696d659a011b0a04080d200112135f72775f6b61666b615f74696d657374616d709a010f0a040813200112075f726f775f6964fa06041002180192010d53747265616d486173684167679a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e749a01120a0408032001120a5f726f775f636f756e74d206090a010022020812380392011153747265616d4d6174657269616c697a659a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e74ba060a08101206120408011001', 'hex'), '[16,18]'::jsonb, '[]', 256),  -- job 16
  (4, 19, 129, 'HASH', decode('08081201001afd01080712010092010c53747265616d536f757263659a01130a0408022001120b637573746f6d65725f69649a010c0a040807200112046e616d659a010e0a04080720011206726567696f6e9a011b0a04080d200112135f72775f6b61666b615f74696d657374616d70c00101a2068e010a8b010814120208154209437573746f6d65727332120a09636f6e6e6563746f7212056b61666b6132120a05746f7069631209637573746f6d65727332310a1b70726f706572746965732e626f6f7473747261702e73657276657212126b61666b612d302e6b61666b613a39303932321d0a117363616e2e737461727475702e6d6f646512086561726c6965737492010953747265616d446d6c9a01130a0408022001120b637573746f6d65725f69649a010c0a040807200112046e616d659a010e0a04080720011206726567696f6e9a011b0a04080d200112135f72775f6b61666b615f74696d657374616d70fa070408131801', 'hex'), '[21]'::jsonb, '[]', 256),  -- job 19
  (5, 19, 2, 'HASH', decode('080a1201001a6e080912010092010b53747265616d4d657267659a01130a0408022001120b637573746f6d65725f69649a010c0a040807200112046e616d659a010e0a04080720011206726567696f6e9a011b0a04080d200112135f72775f6b61666b615f74696d657374616d70fa06041004180192011153747265616d4d6174657269616c697a659a01130a0408022001120b637573746f6d65725f69649a010c0a040807200112046e616d659a010e0a04080720011206726567696f6e9a011b0a04080d200112135f72775f6b61666b615f74696d657374616d70ba060a08131206120408011001', 'hex'), '[19]'::jsonb, '[]', 256),  -- job 19
  (6, 22, 16, 'HASH', decode('080c1201001a6e080b12010092010b53747265616d4d657267659a01130a0408022001120b637573746f6d65725f69649a010c0a040807200112046e616d659a010e0a04080720011206726567696f6e9a011b0a04080d200112135f72775f6b61666b615f74696d657374616d70fa06041005180492010f53747265616d5461626c655363616e9a01130a0408022001120b637573746f6d65725f69649a010c0a040807200112046e616d659a010e0a04080720011206726567696f6e8a0712081312030102031a0300010220052a020817', 'hex'), '[23]'::jsonb, '[]', 256),  -- job 22
  (7, 22, 2, 'HASH', decode('080e120200011a50080d12010092010b53747265616d4d657267659a01130a0408022001120b637573746f6d65725f69649a010c0a040807200112046e616d659a010e0a04080720011206726567696f6efa06041006180192011153747265616d4d6174657269616c697a659a010e0a04080720011206726567696f6e9a01130a0408022001120b637573746f6d65725f6964ba06140816120612040801100112080801120408011001', 'hex'), '[22]'::jsonb, '[]', 256),  -- job 22
  (8, 24, 18, 'HASH', decode('08121201001ab50208111201001ace0108101201001a5d080f12010092010b53747265616d4d657267659a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e74fa06041003180492010f53747265616d5461626c655363616e9a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e748a0712081012030102031a0300010220052a02081992010c53747265616d46696c7465729a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e74b2060a0a08080c1a040806200192011153747265616d4d6174657269616c697a659a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e74ba060a08181206120408011001', 'hex'), '[24,25]'::jsonb, '[]', 256),  -- job 24
  (9, 26, 20, 'HASH', decode('08151201001ace0108141201001a5d081312010092010b53747265616d4d657267659a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e74fa06041003180492010f53747265616d5461626c655363616e9a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e748a0712081012030102031a0300010220052a02081b92010a53747265616d53696e6b9a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e74c207d8010ad301081a12136f72646572735f696365626572675f73696e6b42140a09636f6e6e6563746f72120769636562657267420e0a04747970651206757073657274421a0a0b7072696d6172795f6b6579120b637573746f6d65725f696442250a0e77617265686f7573652e70617468121373333a2f2f6c616b652f77617265686f75736542160a0d64617461626173652e6e616d65120573616c657342200a0a7461626c652e6e616d6512126f72646572735f62795f637573746f6d657242170a0f69735f65786163746c795f6f6e63651204747275651801', 'hex'), '[27]'::jsonb, '[]', 256),  -- job 26
  (10, 30, 129, 'HASH', decode('08161201001a67081512010092010c53747265616d536f757263659a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174a2060092010953747265616d446d6c9a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174fa0704081e1801', 'hex'), '[]'::jsonb, '[]', 256),  -- job 30
  (11, 30, 2, 'HASH', decode('081a1201001abe0208191201001a6a081712010092010b53747265616d4d657267659a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174fa0604100a18011a6a081812010092010b53747265616d4d657267659a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174fa0604100c180192010b53747265616d556e696f6e9a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174b2070092011153747265616d4d6174657269616c697a659a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174ba060a081e1206120408011001', 'hex'), '[30]'::jsonb, '[]', 256),  -- job 30
  (12, 31, 20, 'HASH', decode('08221201001adf0208211201001ace0108201201001a5d081f12010092010b53747265616d4d657267659a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e74fa06041003180492010f53747265616d5461626c655363616e9a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e748a0712081012030102031a0300010220052a02082092010d53747265616d50726f6a6563749a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174aa06260a061a04080320010a081a040802200120010a081a040808200120020a081a04080d2001200392010a53747265616d53696e6b9a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174c2071b0a17081f12116f72646572735f746f5f61726368697665701e1801', 'hex'), '[32]'::jsonb, '[]', 256),  -- job 31
  (13, 33, 16, 'HASH', decode('08241201001a6e082312010092010b53747265616d4d657267659a01130a0408022001120b637573746f6d65725f69649a010c0a040807200112046e616d659a010e0a04080720011206726567696f6e9a011b0a04080d200112135f72775f6b61666b615f74696d657374616d70fa06041005180492010f53747265616d5461626c655363616e9a01130a0408022001120b637573746f6d65725f69649a010c0a040807200112046e616d659a010e0a04080720011206726567696f6e8a0712081312030102031a0300010220052a020822', 'hex'), '[34]'::jsonb, '[]', 256),  -- job 33
  (14, 33, 16, 'HASH', decode('08261201001a5d082512010092010b53747265616d4d657267659a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e74fa06041003180492010f53747265616d5461626c655363616e9a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e748a0712081012030102031a0300010220052a020823', 'hex'), '[35]'::jsonb, '[]', 256),  -- job 33
  (15, 33, 2, 'HASH', decode('082a1201001a97020829120200011a50082712010092010b53747265616d4d657267659a01130a0408022001120b637573746f6d65725f69649a010c0a040807200112046e616d659a010e0a04080720011206726567696f6efa0604100d18011a5d082812010092010b53747265616d4d657267659a01130a0408022001120b637573746f6d65725f69649a01130a0408032001120b6f726465725f636f756e749a01140a0408082001120c746f74616c5f616d6f756e74fa0604100e180192010e53747265616d486173684a6f696e9a01130a0408022001120b637573746f6d65725f69649a010c0a040807200112046e616d659a01140a0408082001120c746f74616c5f616d6f756e74e2061008011201001a0100320208243a02082592011153747265616d4d6174657269616c697a659a01130a0408022001120b637573746f6d65725f69649a010c0a040807200112046e616d659a01140a0408082001120c746f74616c5f616d6f756e74ba060a08211206120408011001', 'hex'), '[33,36,37]'::jsonb, '[]', 256),  -- job 33
  (16, 38, 129, 'HASH', decode('082b1201001a47082a12010092010c53747265616d536f757263659a010b0a04080720011203736b759a01110a0408072001120977617265686f7573659a010b0a04080220011203717479a2060092010953747265616d446d6c9a010b0a04080720011203736b759a01110a0408072001120977617265686f7573659a010b0a04080220011203717479fa070408261801', 'hex'), '[]'::jsonb, '[]', 256),  -- job 38
  (17, 38, 2, 'HASH', decode('082d120200011a4a082c12010092010b53747265616d4d657267659a010b0a04080720011203736b759a01110a0408072001120977617265686f7573659a010b0a04080220011203717479fa06041010180192011153747265616d4d6174657269616c697a659a010b0a04080720011203736b759a01110a0408072001120977617265686f7573659a010b0a04080220011203717479ba06140826120612040801100112080801120408011001', 'hex'), '[38]'::jsonb, '[]', 256),  -- job 38
  (18, 39, 18, 'HASH', decode('0831120200011afc0108301201001aa801082f1201001a4a082e12010092010b53747265616d4d657267659a010b0a04080720011203736b759a01110a0408072001120977617265686f7573659a010b0a04080220011203717479fa06041011180492010f53747265616d5461626c655363616e9a010b0a04080720011203736b759a01110a0408072001120977617265686f7573659a010b0a040802200112037174798a0712082612030102031a0300010220052a02082892010c53747265616d46696c7465729a010b0a04080720011203736b759a01110a0408072001120977617265686f7573659a010b0a04080220011203717479b2060a0a08080c1a040806200192011153747265616d4d6174657269616c697a659a010b0a04080720011203736b759a01110a0408072001120977617265686f7573659a010b0a04080220011203717479ba06140827120612040801100112080801120408011001', 'hex'), '[39,40]'::jsonb, '[]', 256),  -- job 39
  (19, 41, 16, 'HASH', decode('08331201001a4a083212010092010b53747265616d4d657267659a010b0a04080720011203736b759a01110a0408072001120977617265686f7573659a010b0a04080220011203717479fa06041012180492010f53747265616d5461626c655363616e9a010b0a04080720011203736b759a01110a0408072001120977617265686f7573659a010b0a040802200112037174798a0712082712030102031a0300010220052a02082a', 'hex'), '[42]'::jsonb, '[]', 256),  -- job 41
  (20, 41, 2, 'SINGLE', decode('08361a8f0108351a4a083412010092010b53747265616d4d657267659a010b0a04080720011203736b759a01110a0408072001120977617265686f7573659a010b0a04080220011203717479fa06041013180392010f53747265616d53696d706c654167679a01100a04080320011208736b75735f6c6f779a01120a0408032001120a5f726f775f636f756e74ca06042202082b92011153747265616d4d6174657269616c697a659a01100a04080320011208736b75735f6c6f77ba06020829', 'hex'), '[41,43]'::jsonb, '[]', 1);  -- job 41

-- Relations with a "table" row: user tables, MVs, the index table, internal state tables.
INSERT INTO "table" (table_id, name, optional_associated_source_id, table_type, belongs_to_job_id, columns, pk, distribution_key, stream_key, append_only, fragment_id, vnode_col_index, row_id_index, value_indices, definition, handle_pk_conflict_behavior, read_prefix_len_hint, watermark_indices, dist_key_in_pk, dml_fragment_id, cleaned_by_watermark, version, vnode_count, engine) VALUES
  (15, '__internal_orders_src_1_source_15', NULL, 'INTERNAL', 14, decode('0a180a160a040807200110011a0c706172746974696f6e5f69640a170a150a040812200110021a0b6f66667365745f696e666f', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 1, NULL, NULL, '[0,1]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (16, 'mv_orders', NULL, 'MATERIALIZED_VIEW', NULL, decode('0a170a150a040802200110011a0b637573746f6d65725f69640a170a150a040803200110021a0b6f726465725f636f756e740a180a160a040808200110031a0c746f74616c5f616d6f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 3, NULL, NULL, '[0,1,2]'::jsonb, 'CREATE MATERIALIZED VIEW mv_orders AS SELECT customer_id, count(*) AS order_count, sum(amount) AS total_amount FROM orders_src GROUP BY customer_id', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (17, '__internal_mv_orders_2_sourcebackfill_17', NULL, 'INTERNAL', 16, decode('0a180a160a040807200110011a0c706172746974696f6e5f69640a1d0a1b0a040812200110021a116261636b66696c6c5f70726f6772657373', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 2, NULL, NULL, '[0,1]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (18, '__internal_mv_orders_3_hashaggresult_18', NULL, 'INTERNAL', 16, decode('0a170a150a040802200110011a0b637573746f6d65725f69640a170a150a040803200110021a0b6f726465725f636f756e740a180a160a040808200110031a0c746f74616c5f616d6f756e740a160a140a040803200110041a0a5f726f775f636f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 3, NULL, NULL, '[0,1,2,3]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (19, 'Customers', 20, 'TABLE', NULL, decode('0a170a150a040802200110011a0b637573746f6d65725f69640a100a0e0a040807200110021a046e616d650a120a100a040807200110031a06726567696f6e0a210a1d0a04080d200110041a135f72775f6b61666b615f74696d657374616d701001', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 5, NULL, NULL, '[0,1,2,3]'::jsonb, 'CREATE TABLE "Customers" (customer_id INT PRIMARY KEY, name VARCHAR, region VARCHAR) INCLUDE timestamp WITH (connector = ''kafka'', topic = ''customers'', properties.bootstrap.server = ''kafka-0.kafka:9092'') FORMAT PLAIN ENCODE JSON', 'OVERWRITE', 0, '[]', '[0]'::jsonb, 4, false, decode('08011005', 'hex'), 256, 'HUMMOCK'),
  (21, '__internal_Customers_4_source_21', NULL, 'INTERNAL', 19, decode('0a180a160a040807200110011a0c706172746974696f6e5f69640a170a150a040812200110021a0b6f66667365745f696e666f', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 4, NULL, NULL, '[0,1]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (22, 'idx_customers_region', NULL, 'INDEX', NULL, decode('0a120a100a040807200110011a06726567696f6e0a170a150a040802200110021a0b637573746f6d65725f6964', 'hex'), decode('0a061204080110010a080801120408011001', 'hex'), '[0]'::jsonb, '[0,1]'::jsonb, false, 7, NULL, NULL, '[0,1]'::jsonb, 'CREATE INDEX idx_customers_region ON "Customers"(region)', 'NO_CHECK', 1, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (23, '__internal_idx_customers_region_6_streamscan_23', NULL, 'INTERNAL', 22, decode('0a110a0f0a040801200110011a05766e6f64650a170a150a040802200110021a0b637573746f6d65725f69640a1d0a1b0a040806200110031a116261636b66696c6c5f66696e69736865640a150a130a040803200110041a09726f775f636f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 6, 0, NULL, '[0,1,2,3]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (24, 'Top Customers', NULL, 'MATERIALIZED_VIEW', NULL, decode('0a170a150a040802200110011a0b637573746f6d65725f69640a170a150a040803200110021a0b6f726465725f636f756e740a180a160a040808200110031a0c746f74616c5f616d6f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 8, NULL, NULL, '[0,1,2]'::jsonb, 'CREATE MATERIALIZED VIEW "Top Customers" AS SELECT * FROM mv_orders WHERE total_amount > 1000', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (25, '__internal_Top Customers_8_streamscan_25', NULL, 'INTERNAL', 24, decode('0a110a0f0a040801200110011a05766e6f64650a170a150a040802200110021a0b637573746f6d65725f69640a1d0a1b0a040806200110031a116261636b66696c6c5f66696e69736865640a150a130a040803200110041a09726f775f636f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 8, 0, NULL, '[0,1,2,3]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (27, '__internal_orders_iceberg_sink_9_streamscan_27', NULL, 'INTERNAL', 26, decode('0a110a0f0a040801200110011a05766e6f64650a170a150a040802200110021a0b637573746f6d65725f69640a1d0a1b0a040806200110031a116261636b66696c6c5f66696e69736865640a150a130a040803200110041a09726f775f636f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 9, 0, NULL, '[0,1,2,3]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (30, 'order_archive', NULL, 'TABLE', NULL, decode('0a140a120a040803200110011a086f726465725f69640a170a150a040802200110021a0b637573746f6d65725f69640a120a100a040808200110031a06616d6f756e740a170a150a04080d200110041a0b61726368697665645f6174', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 11, NULL, NULL, '[0,1,2,3]'::jsonb, 'CREATE TABLE order_archive (order_id BIGINT PRIMARY KEY, customer_id INT, amount DECIMAL, archived_at TIMESTAMPTZ)', 'OVERWRITE', 0, '[]', '[0]'::jsonb, 10, false, decode('08021005', 'hex'), 256, 'HUMMOCK'),
  (32, '__internal_orders_to_archive_12_streamscan_32', NULL, 'INTERNAL', 31, decode('0a110a0f0a040801200110011a05766e6f64650a170a150a040802200110021a0b637573746f6d65725f69640a1d0a1b0a040806200110031a116261636b66696c6c5f66696e69736865640a150a130a040803200110041a09726f775f636f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 12, 0, NULL, '[0,1,2,3]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (33, 'customer "orders"', NULL, 'MATERIALIZED_VIEW', NULL, decode('0a170a150a040802200110011a0b637573746f6d65725f69640a100a0e0a040807200110021a046e616d650a180a160a040808200110031a0c746f74616c5f616d6f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 15, NULL, NULL, '[0,1,2]'::jsonb, 'CREATE MATERIALIZED VIEW analytics."customer ""orders""" AS SELECT c.customer_id, c.name, o.total_amount FROM "Customers" AS c JOIN mv_orders AS o ON c.customer_id = o.customer_id', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (34, '__internal_customer "orders"_13_streamscan_34', NULL, 'INTERNAL', 33, decode('0a110a0f0a040801200110011a05766e6f64650a170a150a040802200110021a0b637573746f6d65725f69640a1d0a1b0a040806200110031a116261636b66696c6c5f66696e69736865640a150a130a040803200110041a09726f775f636f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 13, 0, NULL, '[0,1,2,3]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (35, '__internal_customer "orders"_14_streamscan_35', NULL, 'INTERNAL', 33, decode('0a110a0f0a040801200110011a05766e6f64650a170a150a040802200110021a0b637573746f6d65725f69640a1d0a1b0a040806200110031a116261636b66696c6c5f66696e69736865640a150a130a040803200110041a09726f775f636f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 14, 0, NULL, '[0,1,2,3]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (36, '__internal_customer "orders"_15_hashjoinleft_36', NULL, 'INTERNAL', 33, decode('0a170a150a040802200110011a0b637573746f6d65725f69640a100a0e0a040807200110021a046e616d650a120a100a040807200110031a06726567696f6e', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 15, NULL, NULL, '[0,1,2]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (37, '__internal_customer "orders"_15_hashjoinright_37', NULL, 'INTERNAL', 33, decode('0a170a150a040802200110011a0b637573746f6d65725f69640a170a150a040803200110021a0b6f726465725f636f756e740a180a160a040808200110031a0c746f74616c5f616d6f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 15, NULL, NULL, '[0,1,2]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (38, 'inventory', NULL, 'TABLE', NULL, decode('0a0f0a0d0a040807200110011a03736b750a150a130a040807200110021a0977617265686f7573650a0f0a0d0a040802200110031a03717479', 'hex'), decode('0a061204080110010a080801120408011001', 'hex'), '[0,1]'::jsonb, '[0,1]'::jsonb, false, 17, NULL, NULL, '[0,1,2]'::jsonb, 'CREATE TABLE inventory (sku VARCHAR, warehouse VARCHAR, qty INT, PRIMARY KEY (sku, warehouse))', 'OVERWRITE', 0, '[]', '[0,1]'::jsonb, 16, false, decode('08011004', 'hex'), 256, 'HUMMOCK'),
  (39, 'low_stock', NULL, 'MATERIALIZED_VIEW', NULL, decode('0a0f0a0d0a040807200110011a03736b750a150a130a040807200110021a0977617265686f7573650a0f0a0d0a040802200110031a03717479', 'hex'), decode('0a061204080110010a080801120408011001', 'hex'), '[0,1]'::jsonb, '[0,1]'::jsonb, false, 18, NULL, NULL, '[0,1,2]'::jsonb, 'CREATE MATERIALIZED VIEW low_stock AS SELECT * FROM inventory WHERE qty < 10', 'NO_CHECK', 0, '[]', '[0,1]'::jsonb, NULL, false, NULL, 256, NULL),
  (40, '__internal_low_stock_18_streamscan_40', NULL, 'INTERNAL', 39, decode('0a110a0f0a040801200110011a05766e6f64650a170a150a040802200110021a0b637573746f6d65725f69640a1d0a1b0a040806200110031a116261636b66696c6c5f66696e69736865640a150a130a040803200110041a09726f775f636f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 18, 0, NULL, '[0,1,2,3]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (41, 'low_stock_summary', NULL, 'MATERIALIZED_VIEW', NULL, decode('0a140a120a040803200110011a08736b75735f6c6f77', 'hex'), decode('', 'hex'), '[]'::jsonb, '[]'::jsonb, false, 20, NULL, NULL, '[0]'::jsonb, 'CREATE MATERIALIZED VIEW "ops-team".low_stock_summary AS SELECT count(*) AS skus_low FROM public.low_stock', 'NO_CHECK', 0, '[]', '[]'::jsonb, NULL, false, NULL, 1, NULL),
  (42, '__internal_low_stock_summary_19_streamscan_42', NULL, 'INTERNAL', 41, decode('0a110a0f0a040801200110011a05766e6f64650a170a150a040802200110021a0b637573746f6d65725f69640a1d0a1b0a040806200110031a116261636b66696c6c5f66696e69736865640a150a130a040803200110041a09726f775f636f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, false, 19, 0, NULL, '[0,1,2,3]'::jsonb, '', 'NO_CHECK', 0, '[]', '[0]'::jsonb, NULL, false, NULL, 256, NULL),
  (43, '__internal_low_stock_summary_20_simpleaggresult_43', NULL, 'INTERNAL', 41, decode('0a140a120a040803200110011a08736b75735f6c6f770a160a140a040803200110021a0a5f726f775f636f756e74', 'hex'), decode('', 'hex'), '[]'::jsonb, '[]'::jsonb, false, 20, NULL, NULL, '[0,1]'::jsonb, '', 'NO_CHECK', 0, '[]', '[]'::jsonb, NULL, false, NULL, 1, NULL);

-- Index 22: index row + the INDEX-typed "table" row above + object_dependency(19 -> 22).
INSERT INTO "index" (index_id, name, index_table_id, primary_table_id, index_items, index_columns_len, index_column_properties) VALUES
  (22, 'idx_customers_region', 22, 19, decode('0a081a04080720012002', 'hex'), 1, decode('0a00', 'hex'));

INSERT INTO sink (sink_id, name, columns, plan_pk, distribution_key, downstream_pk, sink_type, properties, definition, connection_id, db_name, sink_from_name, sink_format_desc, target_table, original_target_columns) VALUES
  (26, 'orders_iceberg_sink', decode('0a170a150a040802200110011a0b637573746f6d65725f69640a170a150a040803200110021a0b6f726465725f636f756e740a180a160a040808200110031a0c746f74616c5f616d6f756e74', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, 'UPSERT', '{"connector":"iceberg","type":"upsert","primary_key":"customer_id","warehouse.path":"s3://lake/warehouse","database.name":"sales","table.name":"orders_by_customer","is_exactly_once":"true"}'::jsonb, 'CREATE SINK orders_iceberg_sink FROM mv_orders WITH (connector = ''iceberg'', type = ''upsert'', primary_key = ''customer_id'', warehouse.path = ''s3://lake/warehouse'', database.name = ''sales'', table.name = ''orders_by_customer'', is_exactly_once = ''true'')', NULL, 'dev', 'mv_orders', decode('08061001', 'hex'), NULL, NULL),  -- orders_iceberg_sink
  (31, 'orders_to_archive', decode('0a140a120a040803200110011a086f726465725f69640a170a150a040802200110021a0b637573746f6d65725f69640a120a100a040808200110031a06616d6f756e740a170a150a04080d200110041a0b61726368697665645f6174', 'hex'), decode('0a06120408011001', 'hex'), '[0]'::jsonb, '[0]'::jsonb, 'UPSERT', '{}'::jsonb, 'CREATE SINK "Sales ""Ops""".orders_to_archive INTO "Sales ""Ops""".order_archive AS SELECT customer_id * 1000000 AS order_id, customer_id, total_amount AS amount, now() AS archived_at FROM mv_orders', NULL, 'dev', 'mv_orders', NULL, 30, decode('0a140a120a040803200110011a086f726465725f69640a170a150a040802200110021a0b637573746f6d65725f69640a120a100a040808200110031a06616d6f756e740a170a150a04080d200110041a0b61726368697665645f6174', 'hex'));  -- orders_to_archive

INSERT INTO view (view_id, name, properties, definition, columns) VALUES
  (28, 'v_big_orders', '{}', 'CREATE VIEW v_big_orders AS SELECT * FROM mv_orders WHERE order_count > 100', decode('0a130a0408022001120b637573746f6d65725f69640a130a0408032001120b6f726465725f636f756e740a140a0408082001120c746f74616c5f616d6f756e74', 'hex'));

INSERT INTO subscription (subscription_id, name, definition, retention_seconds, subscription_state, dependent_table_id) VALUES
  (29, 'sub_orders', 'CREATE SUBSCRIPTION sub_orders FROM mv_orders WITH (retention = ''1D'')', 86400, 2, 16);  -- state 2 = CREATED

-- Fragment edges. Every cross-job edge except the sink-into-table edge 12->11 is mirrored in
-- object_dependency below.
INSERT INTO fragment_relation (source_fragment_id, target_fragment_id, dispatcher_type, dist_key_indices, output_indices) VALUES
  (1, 2, 'NO_SHUFFLE', '[]'::jsonb, '[0,1,2,3,4,5]'::jsonb),  -- job 14 -> job 16
  (2, 3, 'HASH', '[1]'::jsonb, '[0,1,2,3,4,5]'::jsonb),
  (4, 5, 'HASH', '[0]'::jsonb, '[0,1,2,3]'::jsonb),
  (5, 6, 'NO_SHUFFLE', '[]'::jsonb, '[0,1,2]'::jsonb),  -- job 19 -> job 22
  (6, 7, 'HASH', '[2]'::jsonb, '[0,1]'::jsonb),
  (3, 8, 'NO_SHUFFLE', '[]'::jsonb, '[0,1,2]'::jsonb),  -- job 16 -> job 24
  (3, 9, 'NO_SHUFFLE', '[]'::jsonb, '[0,1,2]'::jsonb),  -- job 16 -> job 26
  (10, 11, 'HASH', '[0]'::jsonb, '[0,1,2,3]'::jsonb),
  (3, 12, 'NO_SHUFFLE', '[]'::jsonb, '[0,1,2]'::jsonb),  -- job 16 -> job 31
  (12, 11, 'HASH', '[0]'::jsonb, '[0,1,2,3]'::jsonb),  -- job 31 -> job 30
  (5, 13, 'NO_SHUFFLE', '[]'::jsonb, '[0,1,2]'::jsonb),  -- job 19 -> job 33
  (3, 14, 'NO_SHUFFLE', '[]'::jsonb, '[0,1,2]'::jsonb),  -- job 16 -> job 33
  (13, 15, 'HASH', '[0]'::jsonb, '[0,1,2]'::jsonb),
  (14, 15, 'HASH', '[0]'::jsonb, '[0,1,2]'::jsonb),
  (16, 17, 'HASH', '[0,1]'::jsonb, '[0,1,2]'::jsonb),
  (17, 18, 'NO_SHUFFLE', '[]'::jsonb, '[0,1,2]'::jsonb),  -- job 38 -> job 39
  (18, 19, 'NO_SHUFFLE', '[]'::jsonb, '[0,1,2]'::jsonb),  -- job 39 -> job 41
  (19, 20, 'SIMPLE', '[]'::jsonb, '[0,1,2]'::jsonb);

INSERT INTO object_dependency (oid, used_by) VALUES
  (14, 16),  -- orders_src used by mv_orders
  (19, 22),  -- Customers used by idx_customers_region
  (16, 24),  -- mv_orders used by Top Customers
  (16, 26),  -- mv_orders used by orders_iceberg_sink
  (16, 28),  -- mv_orders used by v_big_orders
  (16, 29),  -- mv_orders used by sub_orders
  (16, 31),  -- mv_orders used by orders_to_archive
  (19, 33),  -- Customers used by customer "orders"
  (16, 33),  -- mv_orders used by customer "orders"
  (38, 39),  -- inventory used by low_stock
  (39, 41);  -- low_stock used by low_stock_summary

INSERT INTO user_privilege (dependent_id, user_id, oid, granted_by, action, with_grant_option) VALUES
  (NULL, 2, 16, 1, 'SELECT', false),  -- postgres may read mv_orders
  (NULL, 2, 24, 1, 'SELECT', false),
  (NULL, 2, 19, 1, 'INSERT', false);

-- <= v2.6 (no fragment_splits table): actors are persisted and used by meta.
INSERT INTO actor (actor_id, fragment_id, status, splits, worker_id, upstream_actor_ids, vnode_bitmap, expr_context)
SELECT v.actor_id, v.fragment_id, 'RUNNING', v.splits, 1, v.upstream_actor_ids::jsonb, v.vnode_bitmap, decode('0a03555443', 'hex')
FROM (VALUES
  (1, 1, decode('0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a302c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'), '{}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (2, 1, decode('0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a312c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'), '{}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (3, 1, decode('0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a322c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'), '{}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (4, 1, decode('0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a332c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'), '{}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (5, 2, decode('0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a302c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'), '{"1":[1]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (6, 2, decode('0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a312c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'), '{"1":[2]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (7, 2, decode('0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a322c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'), '{"1":[3]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (8, 2, decode('0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a332c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'), '{"1":[4]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (9, 3, NULL::bytea, '{"2":[5,6,7,8]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (10, 3, NULL::bytea, '{"2":[5,6,7,8]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (11, 3, NULL::bytea, '{"2":[5,6,7,8]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (12, 3, NULL::bytea, '{"2":[5,6,7,8]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (13, 4, decode('0a700a056b61666b611267017b22746f706963223a22637573746f6d657273222c22706172746974696f6e223a302c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'), '{}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (14, 4, decode('0a700a056b61666b611267017b22746f706963223a22637573746f6d657273222c22706172746974696f6e223a312c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'), '{}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (15, 4, decode('0a700a056b61666b611267017b22746f706963223a22637573746f6d657273222c22706172746974696f6e223a322c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'), '{}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (16, 4, decode('0a700a056b61666b611267017b22746f706963223a22637573746f6d657273222c22706172746974696f6e223a332c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'), '{}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (17, 5, NULL::bytea, '{"4":[13,14,15,16]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (18, 5, NULL::bytea, '{"4":[13,14,15,16]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (19, 5, NULL::bytea, '{"4":[13,14,15,16]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (20, 5, NULL::bytea, '{"4":[13,14,15,16]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (21, 6, NULL::bytea, '{"5":[17]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (22, 6, NULL::bytea, '{"5":[18]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (23, 6, NULL::bytea, '{"5":[19]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (24, 6, NULL::bytea, '{"5":[20]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (25, 7, NULL::bytea, '{"6":[21,22,23,24]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (26, 7, NULL::bytea, '{"6":[21,22,23,24]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (27, 7, NULL::bytea, '{"6":[21,22,23,24]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (28, 7, NULL::bytea, '{"6":[21,22,23,24]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (29, 8, NULL::bytea, '{"3":[9]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (30, 8, NULL::bytea, '{"3":[10]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (31, 8, NULL::bytea, '{"3":[11]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (32, 8, NULL::bytea, '{"3":[12]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (33, 9, NULL::bytea, '{"3":[9]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (34, 9, NULL::bytea, '{"3":[10]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (35, 9, NULL::bytea, '{"3":[11]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (36, 9, NULL::bytea, '{"3":[12]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (37, 10, NULL::bytea, '{}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (38, 10, NULL::bytea, '{}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (39, 10, NULL::bytea, '{}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (40, 10, NULL::bytea, '{}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (41, 11, NULL::bytea, '{"10":[37,38,39,40],"12":[45,46,47,48]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (42, 11, NULL::bytea, '{"10":[37,38,39,40],"12":[45,46,47,48]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (43, 11, NULL::bytea, '{"10":[37,38,39,40],"12":[45,46,47,48]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (44, 11, NULL::bytea, '{"10":[37,38,39,40],"12":[45,46,47,48]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (45, 12, NULL::bytea, '{"3":[9]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (46, 12, NULL::bytea, '{"3":[10]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (47, 12, NULL::bytea, '{"3":[11]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (48, 12, NULL::bytea, '{"3":[12]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (49, 13, NULL::bytea, '{"5":[17]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (50, 13, NULL::bytea, '{"5":[18]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (51, 13, NULL::bytea, '{"5":[19]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (52, 13, NULL::bytea, '{"5":[20]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (53, 14, NULL::bytea, '{"3":[9]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (54, 14, NULL::bytea, '{"3":[10]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (55, 14, NULL::bytea, '{"3":[11]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (56, 14, NULL::bytea, '{"3":[12]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (57, 15, NULL::bytea, '{"13":[49,50,51,52],"14":[53,54,55,56]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (58, 15, NULL::bytea, '{"13":[49,50,51,52],"14":[53,54,55,56]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (59, 15, NULL::bytea, '{"13":[49,50,51,52],"14":[53,54,55,56]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (60, 15, NULL::bytea, '{"13":[49,50,51,52],"14":[53,54,55,56]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (61, 16, NULL::bytea, '{}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (62, 16, NULL::bytea, '{}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (63, 16, NULL::bytea, '{}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (64, 16, NULL::bytea, '{}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (65, 17, NULL::bytea, '{"16":[61,62,63,64]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (66, 17, NULL::bytea, '{"16":[61,62,63,64]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (67, 17, NULL::bytea, '{"16":[61,62,63,64]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (68, 17, NULL::bytea, '{"16":[61,62,63,64]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (69, 18, NULL::bytea, '{"17":[65]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (70, 18, NULL::bytea, '{"17":[66]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (71, 18, NULL::bytea, '{"17":[67]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (72, 18, NULL::bytea, '{"17":[68]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (73, 19, NULL::bytea, '{"18":[69]}', decode('0801122100ffffffffffffffff000000000000000000000000000000000000000000000000', 'hex')),
  (74, 19, NULL::bytea, '{"18":[70]}', decode('08011221000000000000000000ffffffffffffffff00000000000000000000000000000000', 'hex')),
  (75, 19, NULL::bytea, '{"18":[71]}', decode('080112210000000000000000000000000000000000ffffffffffffffff0000000000000000', 'hex')),
  (76, 19, NULL::bytea, '{"18":[72]}', decode('0801122100000000000000000000000000000000000000000000000000ffffffffffffffff', 'hex')),
  (77, 20, NULL::bytea, '{"19":[73,74,75,76]}', NULL::bytea)
) AS v (actor_id, fragment_id, splits, upstream_actor_ids, vnode_bitmap)
WHERE NOT EXISTS (SELECT 1 FROM information_schema.tables
                  WHERE table_schema = current_schema() AND table_name = 'fragment_splits');

-- v2.7+ : splits per source / source-backfill fragment; the sink-into-table target's fragment
-- carries UPSTREAM_SINK_UNION and an UpstreamSinkUnion node.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.tables
             WHERE table_schema = current_schema() AND table_name = 'fragment_splits') THEN
    INSERT INTO fragment_splits (fragment_id, splits) VALUES
      (1, decode('0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a302c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a312c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a322c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a332c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex')),
      (2, decode('0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a302c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a312c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a322c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d0a6d0a056b61666b611264017b22746f706963223a226f7264657273222c22706172746974696f6e223a332c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex')),
      (4, decode('0a700a056b61666b611267017b22746f706963223a22637573746f6d657273222c22706172746974696f6e223a302c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d0a700a056b61666b611267017b22746f706963223a22637573746f6d657273222c22706172746974696f6e223a312c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d0a700a056b61666b611267017b22746f706963223a22637573746f6d657273222c22706172746974696f6e223a322c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d0a700a056b61666b611267017b22746f706963223a22637573746f6d657273222c22706172746974696f6e223a332c2273746172745f6f6666736574223a6e756c6c2c2273746f705f6f6666736574223a6e756c6c2c226861636b5f7365656b5f746f5f6c6174657374223a66616c73657d', 'hex'));
    UPDATE fragment SET fragment_type_mask = fragment_type_mask | 65536,
                        stream_node = decode('081e1201001a9703081d1201001a6a081b12010092010b53747265616d4d657267659a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174fa0604100a18011ac201081c12010092011753747265616d557073747265616d53696e6b556e696f6e9a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174ba09500a4e080c12100a040803200112086f726465725f696412130a0408022001120b637573746f6d65725f6964120e0a04080820011206616d6f756e7412130a04080d2001120b61726368697665645f617492010b53747265616d556e696f6e9a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174b2070092011153747265616d4d6174657269616c697a659a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174ba060a081e1206120408011001', 'hex')
     WHERE fragment_id = 11;
  END IF;
END
$$;

-- v2.8+ : pending_sink_state of the exactly-once Iceberg sink (one committed, one pending epoch).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.tables
             WHERE table_schema = current_schema() AND table_name = 'pending_sink_state') THEN
    INSERT INTO pending_sink_state (sink_id, epoch, sink_state, metadata) VALUES
      (26, 8794371251077120, 'COMMITTED', decode('0a460a4473333a2f2f6c616b652f77617265686f7573652f73616c65732f6f72646572735f62795f637573746f6d65722f6d657461646174612f736e61702d383831322e6176726f', 'hex')),
      (26, 8794371906764800, 'PENDING', decode('0a460a4473333a2f2f6c616b652f77617265686f7573652f73616c65732f6f72646572735f62795f637573746f6d65722f6d657461646174612f736e61702d383831322e6176726f', 'hex'));
  END IF;
END
$$;

-- <= v2.6 : table.incoming_sinks lists the sinks into each table; drop the temporary default.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = 'table'
               AND column_name = 'incoming_sinks') THEN
    EXECUTE 'UPDATE "table" SET incoming_sinks = ''[31]''::jsonb WHERE table_id = 30';
    IF current_setting('rwdoctor_demo.drop_incoming_sinks_default', true) = 'on' THEN
      EXECUTE 'ALTER TABLE "table" ALTER COLUMN incoming_sinks DROP DEFAULT';
      PERFORM set_config('rwdoctor_demo.drop_incoming_sinks_default', '', false);
    END IF;
  END IF;
END
$$;

-- v2_0 : the edges as meta stores them before v2.3: one actor_dispatcher row per upstream
-- actor and downstream fragment (dispatcher_id = downstream fragment; downstream actors are
-- those listing the actor in upstream_actor_ids; HASH rows carry the ActorMapping of the
-- downstream fragment's 4 actors of 64 vnodes each, like their vnode bitmaps) and each
-- fragment's upstream_fragment_id list; then the temporary table and columns are dropped.
DO $$
DECLARE
  item text;
BEGIN
  IF current_setting('rwdoctor_demo.drop_fragment_relation', true) = 'on' THEN
    INSERT INTO actor_dispatcher (actor_id, dispatcher_type, dist_key_indices, output_indices, hash_mapping, dispatcher_id, downstream_actor_ids)
    SELECT u.actor_id, r.dispatcher_type, r.dist_key_indices, r.output_indices,
           CASE WHEN r.dispatcher_type = 'HASH' THEN m.hash_mapping END, r.target_fragment_id, d.actor_ids
    FROM fragment_relation r
    JOIN actor u ON u.fragment_id = r.source_fragment_id
    CROSS JOIN LATERAL (SELECT jsonb_agg(a.actor_id ORDER BY a.actor_id) AS actor_ids
                        FROM actor a
                        WHERE a.fragment_id = r.target_fragment_id
                          AND a.upstream_actor_ids -> r.source_fragment_id::text @> to_jsonb(u.actor_id)) d
    CROSS JOIN LATERAL (SELECT decode('0a063f7fbf01ff0112' || lpad(to_hex(count(*)::integer), 2, '0')
                                      || string_agg(lpad(to_hex(a.actor_id), 2, '0'), '' ORDER BY a.actor_id), 'hex') AS hash_mapping
                        FROM actor a
                        WHERE a.fragment_id = r.target_fragment_id) m
    ORDER BY u.actor_id, r.target_fragment_id;
    UPDATE fragment f
       SET upstream_fragment_id = coalesce((SELECT jsonb_agg(r.source_fragment_id ORDER BY r.source_fragment_id)
                                            FROM fragment_relation r
                                            WHERE r.target_fragment_id = f.fragment_id), '[]'::jsonb);
    DROP TABLE fragment_relation;
    PERFORM set_config('rwdoctor_demo.drop_fragment_relation', '', false);
  END IF;
  FOREACH item IN ARRAY string_to_array(coalesce(current_setting('rwdoctor_demo.drop_temporary_columns', true), ''), ' ')
  LOOP
    EXECUTE format('ALTER TABLE %I DROP COLUMN %I', split_part(item, '.', 1), split_part(item, '.', 2));
  END LOOP;
  PERFORM set_config('rwdoctor_demo.drop_temporary_columns', '', false);
END
$$;

-- HEAD : object.belong_to_oid, backfilled like m20260805_000000_object_belong_to_oid does:
-- schema -> database, named object -> schema, internal table -> job, associated source -> table.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = 'object'
               AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = coalesce(schema_id, database_id) WHERE oid >= 6';
    EXECUTE 'UPDATE object AS o SET belong_to_oid = t.belongs_to_job_id FROM "table" AS t '
            'WHERE t.table_id = o.oid AND t.belongs_to_job_id IS NOT NULL AND o.oid >= 6';
    EXECUTE 'UPDATE object AS o SET belong_to_oid = t.table_id FROM "table" AS t '
            'WHERE t.optional_associated_source_id = o.oid AND o.oid >= 6';
  END IF;
END
$$;

-- System parameters, as the meta node writes them at the first launch of a cluster
-- (system_params_to_model): every parameter of HEAD's for_all_params, which older meta nodes
-- read too (they ignore names they do not know).
INSERT INTO system_parameter (name, value, is_mutable, description) VALUES
  ('barrier_interval_ms', '1000', true, NULL),
  ('checkpoint_frequency', '1', true, NULL),
  ('sstable_size_mb', '256', false, NULL),
  ('parallel_compact_size_mb', '512', false, NULL),
  ('block_size_kb', '64', false, NULL),
  ('bloom_false_positive', '0.001', false, NULL),
  ('state_store', 'hummock+s3://rwdoctor-demo', false, NULL),
  ('data_directory', 'hummock_001', false, NULL),
  ('backup_storage_url', 's3://rwdoctor-demo', true, NULL),
  ('backup_storage_directory', 'hummock_001/backup', true, NULL),
  ('max_concurrent_creating_streaming_jobs', '1', true, NULL),
  ('pause_on_next_bootstrap', 'false', true, NULL),
  ('enable_tracing', 'false', true, NULL),
  ('use_new_object_prefix_strategy', 'true', false, NULL),
  ('license_key', '', true, NULL),
  ('time_travel_retention_ms', '600000', true, NULL),
  ('per_database_isolation', 'true', true, NULL),
  ('enforce_secret', 'false', true, NULL);

-- Hummock: the rows a running cluster leaves in the meta store's Hummock tables (the version
-- itself is checkpoint 8805 in the object store plus the deltas above it). Version 8800 + k was
-- committed at 2026-12-01 02:58:00 UTC + k s; epoch = (ms since 2021-04-01 00:00:00 UTC) << 16.
-- Even versions commit database dev (its 18 state tables), odd ones database shop (38..43); a
-- commit lists every table of its database at the commit's epoch. Compaction group 2 holds the
-- internal tables, group 3 the others. No hummock_epoch_to_version rows.

-- Time-travel snapshot: HummockVersion {id 8800, levels {2: Levels {group_id 2}} (not read by
-- rwdoctor), state_table_info: the 24 state tables at 2026-12-01 02:58:00 UTC (epoch
-- 11721682452480000), group 2 for 15, 17, 18, 21, 23, 25, 27, 32, 34..37, 40, 42, 43 and group 3
-- for 16, 19, 22, 24, 30, 33, 38, 39, 41}.
INSERT INTO hummock_time_travel_version (version_id, version) VALUES
  (8800, decode('08e04412060802120218023a0f080f120b08808080f6ed99e91418023a0f0810120b08808080f6ed99e91418033a0f0811120b08808080f6ed99e91418023a0f0812120b08808080f6ed99e91418023a0f0813120b08808080f6ed99e91418033a0f0815120b08808080f6ed99e91418023a0f0816120b08808080f6ed99e91418033a0f0817120b08808080f6ed99e91418023a0f0818120b08808080f6ed99e91418033a0f0819120b08808080f6ed99e91418023a0f081b120b08808080f6ed99e91418023a0f081e120b08808080f6ed99e91418033a0f0820120b08808080f6ed99e91418023a0f0821120b08808080f6ed99e91418033a0f0822120b08808080f6ed99e91418023a0f0823120b08808080f6ed99e91418023a0f0824120b08808080f6ed99e91418023a0f0825120b08808080f6ed99e91418023a0f0826120b08808080f6ed99e91418033a0f0827120b08808080f6ed99e91418033a0f0828120b08808080f6ed99e91418023a0f0829120b08808080f6ed99e91418033a0f082a120b08808080f6ed99e91418023a0f082b120b08808080f6ed99e9141802', 'hex'));

-- Version deltas above checkpoint 8805: HummockVersionDelta {id N, prev_id N - 1, group_deltas
-- {2 (dev) or 3 (shop): GroupDeltas {one empty GroupDelta}} (not read by rwdoctor),
-- state_table_info_delta: every table of the committing database at 2026-12-01 02:58:(N - 8800)
-- UTC, groups as in the snapshot}. max_committed_epoch and safe_epoch are 0, as RisingWave writes
-- them since v2.1; v2_0 (no m20240820_081248_add_time_travel_per_table_epoch) has the commit's
-- epoch in max_committed_epoch.
INSERT INTO hummock_version_delta (id, prev_id, max_committed_epoch, safe_epoch, trivial_move, full_version_delta)
SELECT v.id, v.id - 1, CASE WHEN g.before_v2_1 THEN v.epoch ELSE 0 END, 0, false, v.delta
FROM (VALUES
  (8806, 11721682845696000, decode('08e64410e5441a06080212020a005a0f080f120b088080c0b1ef99e91418025a0f0810120b088080c0b1ef99e91418035a0f0811120b088080c0b1ef99e91418025a0f0812120b088080c0b1ef99e91418025a0f0813120b088080c0b1ef99e91418035a0f0815120b088080c0b1ef99e91418025a0f0816120b088080c0b1ef99e91418035a0f0817120b088080c0b1ef99e91418025a0f0818120b088080c0b1ef99e91418035a0f0819120b088080c0b1ef99e91418025a0f081b120b088080c0b1ef99e91418025a0f081e120b088080c0b1ef99e91418035a0f0820120b088080c0b1ef99e91418025a0f0821120b088080c0b1ef99e91418035a0f0822120b088080c0b1ef99e91418025a0f0823120b088080c0b1ef99e91418025a0f0824120b088080c0b1ef99e91418025a0f0825120b088080c0b1ef99e9141802', 'hex')),  -- dev at 02:58:06
  (8807, 11721682911232000, decode('08e74410e6441a06080312020a005a0f0826120b088080e0d0ef99e91418035a0f0827120b088080e0d0ef99e91418035a0f0828120b088080e0d0ef99e91418025a0f0829120b088080e0d0ef99e91418035a0f082a120b088080e0d0ef99e91418025a0f082b120b088080e0d0ef99e9141802', 'hex')),  -- shop at 02:58:07
  (8808, 11721682976768000, decode('08e84410e7441a06080212020a005a0f080f120b08808080f0ef99e91418025a0f0810120b08808080f0ef99e91418035a0f0811120b08808080f0ef99e91418025a0f0812120b08808080f0ef99e91418025a0f0813120b08808080f0ef99e91418035a0f0815120b08808080f0ef99e91418025a0f0816120b08808080f0ef99e91418035a0f0817120b08808080f0ef99e91418025a0f0818120b08808080f0ef99e91418035a0f0819120b08808080f0ef99e91418025a0f081b120b08808080f0ef99e91418025a0f081e120b08808080f0ef99e91418035a0f0820120b08808080f0ef99e91418025a0f0821120b08808080f0ef99e91418035a0f0822120b08808080f0ef99e91418025a0f0823120b08808080f0ef99e91418025a0f0824120b08808080f0ef99e91418025a0f0825120b08808080f0ef99e9141802', 'hex')),  -- dev at 02:58:08
  (8809, 11721683042304000, decode('08e94410e8441a06080312020a005a0f0826120b088080a08ff099e91418035a0f0827120b088080a08ff099e91418035a0f0828120b088080a08ff099e91418025a0f0829120b088080a08ff099e91418035a0f082a120b088080a08ff099e91418025a0f082b120b088080a08ff099e9141802', 'hex')),  -- shop at 02:58:09
  (8810, 11721683107840000, decode('08ea4410e9441a06080212020a005a0f080f120b088080c0aef099e91418025a0f0810120b088080c0aef099e91418035a0f0811120b088080c0aef099e91418025a0f0812120b088080c0aef099e91418025a0f0813120b088080c0aef099e91418035a0f0815120b088080c0aef099e91418025a0f0816120b088080c0aef099e91418035a0f0817120b088080c0aef099e91418025a0f0818120b088080c0aef099e91418035a0f0819120b088080c0aef099e91418025a0f081b120b088080c0aef099e91418025a0f081e120b088080c0aef099e91418035a0f0820120b088080c0aef099e91418025a0f0821120b088080c0aef099e91418035a0f0822120b088080c0aef099e91418025a0f0823120b088080c0aef099e91418025a0f0824120b088080c0aef099e91418025a0f0825120b088080c0aef099e9141802', 'hex')),  -- dev at 02:58:10
  (8811, 11721683173376000, decode('08eb4410ea441a06080312020a005a0f0826120b088080e0cdf099e91418035a0f0827120b088080e0cdf099e91418035a0f0828120b088080e0cdf099e91418025a0f0829120b088080e0cdf099e91418035a0f082a120b088080e0cdf099e91418025a0f082b120b088080e0cdf099e9141802', 'hex')),  -- shop at 02:58:11
  (8812, 11721683238912000, decode('08ec4410eb441a06080212020a005a0f080f120b08808080edf099e91418025a0f0810120b08808080edf099e91418035a0f0811120b08808080edf099e91418025a0f0812120b08808080edf099e91418025a0f0813120b08808080edf099e91418035a0f0815120b08808080edf099e91418025a0f0816120b08808080edf099e91418035a0f0817120b08808080edf099e91418025a0f0818120b08808080edf099e91418035a0f0819120b08808080edf099e91418025a0f081b120b08808080edf099e91418025a0f081e120b08808080edf099e91418035a0f0820120b08808080edf099e91418025a0f0821120b08808080edf099e91418035a0f0822120b08808080edf099e91418025a0f0823120b08808080edf099e91418025a0f0824120b08808080edf099e91418025a0f0825120b08808080edf099e9141802', 'hex'))  -- dev at 02:58:12
) AS v (id, epoch, delta)
CROSS JOIN (SELECT NOT EXISTS (SELECT 1 FROM seaql_migrations
                               WHERE version = 'm20240820_081248_add_time_travel_per_table_epoch')
              AS before_v2_1) AS g;

-- Time-travel deltas 8801..8805: HummockVersionDelta built like the ones above (8801, 8803, 8805
-- shop at 02:58:01, :03, :05; 8802, 8804 dev at 02:58:02, :04); their hummock_version_delta rows
-- went with checkpoint 8805.
INSERT INTO hummock_time_travel_delta (version_id, version_delta) VALUES
  (8801, decode('08e14410e0441a06080312020a005a0f0826120b088080a095ee99e91418035a0f0827120b088080a095ee99e91418035a0f0828120b088080a095ee99e91418025a0f0829120b088080a095ee99e91418035a0f082a120b088080a095ee99e91418025a0f082b120b088080a095ee99e9141802', 'hex')),  -- shop at 02:58:01
  (8802, decode('08e24410e1441a06080212020a005a0f080f120b088080c0b4ee99e91418025a0f0810120b088080c0b4ee99e91418035a0f0811120b088080c0b4ee99e91418025a0f0812120b088080c0b4ee99e91418025a0f0813120b088080c0b4ee99e91418035a0f0815120b088080c0b4ee99e91418025a0f0816120b088080c0b4ee99e91418035a0f0817120b088080c0b4ee99e91418025a0f0818120b088080c0b4ee99e91418035a0f0819120b088080c0b4ee99e91418025a0f081b120b088080c0b4ee99e91418025a0f081e120b088080c0b4ee99e91418035a0f0820120b088080c0b4ee99e91418025a0f0821120b088080c0b4ee99e91418035a0f0822120b088080c0b4ee99e91418025a0f0823120b088080c0b4ee99e91418025a0f0824120b088080c0b4ee99e91418025a0f0825120b088080c0b4ee99e9141802', 'hex')),  -- dev at 02:58:02
  (8803, decode('08e34410e2441a06080312020a005a0f0826120b088080e0d3ee99e91418035a0f0827120b088080e0d3ee99e91418035a0f0828120b088080e0d3ee99e91418025a0f0829120b088080e0d3ee99e91418035a0f082a120b088080e0d3ee99e91418025a0f082b120b088080e0d3ee99e9141802', 'hex')),  -- shop at 02:58:03
  (8804, decode('08e44410e3441a06080212020a005a0f080f120b08808080f3ee99e91418025a0f0810120b08808080f3ee99e91418035a0f0811120b08808080f3ee99e91418025a0f0812120b08808080f3ee99e91418025a0f0813120b08808080f3ee99e91418035a0f0815120b08808080f3ee99e91418025a0f0816120b08808080f3ee99e91418035a0f0817120b08808080f3ee99e91418025a0f0818120b08808080f3ee99e91418035a0f0819120b08808080f3ee99e91418025a0f081b120b08808080f3ee99e91418025a0f081e120b08808080f3ee99e91418035a0f0820120b08808080f3ee99e91418025a0f0821120b08808080f3ee99e91418035a0f0822120b08808080f3ee99e91418025a0f0823120b08808080f3ee99e91418025a0f0824120b08808080f3ee99e91418025a0f0825120b08808080f3ee99e9141802', 'hex')),  -- dev at 02:58:04
  (8805, decode('08e54410e4441a06080312020a005a0f0826120b088080a092ef99e91418035a0f0827120b088080a092ef99e91418035a0f0828120b088080a092ef99e91418025a0f0829120b088080a092ef99e91418035a0f082a120b088080a092ef99e91418025a0f082b120b088080a092ef99e9141802', 'hex'));  -- shop at 02:58:05
-- Time-travel deltas 8806..8812: the same bytes as the version deltas above.
INSERT INTO hummock_time_travel_delta (version_id, version_delta)
SELECT id, full_version_delta FROM hummock_version_delta WHERE id BETWEEN 8806 AND 8812;

-- Version stats (one row, id 0): the serde_json map of pbjson TableStats (lowerCamelCase names,
-- int64 as strings). Key versions and uncompressed bytes; mv_orders (16) holds the most
-- (9.8 M keys, 1.7 GiB). Tables 32 and 42 have no entry: never flushed.
INSERT INTO hummock_version_stats (id, stats) VALUES
  (0, '{"15": {"totalKeyCount": "2048", "totalKeySize": "53248", "totalValueSize": "180224"},
            "16": {"totalKeyCount": "9812345", "totalKeySize": "235496280", "totalValueSize": "1589599890"},
            "17": {"totalKeyCount": "1536", "totalKeySize": "39936", "totalValueSize": "132096"},
            "18": {"totalKeyCount": "2507113", "totalKeySize": "60170712", "totalValueSize": "105298746"},
            "19": {"totalKeyCount": "1204877", "totalKeySize": "28917048", "totalValueSize": "81931636"},
            "21": {"totalKeyCount": "1024", "totalKeySize": "26624", "totalValueSize": "90112"},
            "22": {"totalKeyCount": "1204877", "totalKeySize": "40965818", "totalValueSize": "19278032"},
            "23": {"totalKeyCount": "1792", "totalKeySize": "28672", "totalValueSize": "57344"},
            "24": {"totalKeyCount": "48211", "totalKeySize": "1157064", "totalValueSize": "1446330"},
            "25": {"totalKeyCount": "1536", "totalKeySize": "24576", "totalValueSize": "49152"},
            "27": {"totalKeyCount": "2304", "totalKeySize": "36864", "totalValueSize": "73728"},
            "30": {"totalKeyCount": "3406518", "totalKeySize": "81756432", "totalValueSize": "204391080"},
            "33": {"totalKeyCount": "1198442", "totalKeySize": "28762608", "totalValueSize": "86287824"},
            "34": {"totalKeyCount": "1280", "totalKeySize": "20480", "totalValueSize": "40960"},
            "35": {"totalKeyCount": "1024", "totalKeySize": "16384", "totalValueSize": "32768"},
            "36": {"totalKeyCount": "1204877", "totalKeySize": "28917048", "totalValueSize": "57834096"},
            "37": {"totalKeyCount": "2463990", "totalKeySize": "59135760", "totalValueSize": "88703640"},
            "38": {"totalKeyCount": "186420", "totalKeySize": "5592600", "totalValueSize": "2982720"},
            "39": {"totalKeyCount": "52740", "totalKeySize": "1582200", "totalValueSize": "843840"},
            "40": {"totalKeyCount": "768", "totalKeySize": "12288", "totalValueSize": "24576"},
            "41": {"totalKeyCount": "44518", "totalKeySize": "667770", "totalValueSize": "445180"},
            "43": {"totalKeyCount": "44518", "totalKeySize": "667770", "totalValueSize": "890360"}}'::jsonb);

-- Object ids come from the serial column: continue after the last demo object.
SELECT setval('object_oid_seq', 43);
