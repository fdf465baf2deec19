-- What the meta node does at its first start on an upgraded store, after the migrations and
-- before any background work ("S1"). Modelled:
-- * Workers register again. m20260804_000000_worker_property_resource deletes every worker;
--   the processes that were registered before the upgrade (rwdoctor_workers_before_upgrade,
--   written by scripts/replay-migrations.sh upgrade) register again with new serial ids and
--   their old properties (new columns: their defaults, resource and started_at NULL). A worker
--   whose row survived keeps it.
-- Nothing to do for a healthy store:
-- * system_parameter is flushed to the release's names with the persisted values kept
--   (src/meta/src/controller/system_param.rs); the demo catalog writes HEAD's names already.
-- * session_parameter is flushed the same way (src/meta/src/controller/session_params.rs);
--   a fresh store of this project has no session_parameter rows either.
-- * CDC tables without cdc_table_id get it from their definition, and recovery prunes the Merge
--   inputs of legacy sink-into-table plans whose upstream fragment is gone
--   (src/meta/src/controller/catalog/util.rs): no-ops on a healthy catalog.
-- Not modelled (background work after the start): the split reassignment that writes
-- fragment_splits, and the replacement of legacy TABLE fragments.
INSERT INTO "worker" ("worker_type", "host", "port", "status", "transaction_id")
SELECT b."worker" ->> 'worker_type', b."worker" ->> 'host', (b."worker" ->> 'port')::integer,
       b."worker" ->> 'status', (b."worker" ->> 'transaction_id')::integer
  FROM "rwdoctor_workers_before_upgrade" AS b
 WHERE NOT EXISTS (SELECT 1 FROM "worker" AS w
                    WHERE w."host" = b."worker" ->> 'host' AND w."port" = (b."worker" ->> 'port')::integer)
 ORDER BY b."worker_id";
INSERT INTO "worker_property"
SELECT (jsonb_populate_record(NULL::"worker_property",
          jsonb_build_object('is_iceberg_compactor', false) || b."property"
          || jsonb_build_object('worker_id', w."worker_id"))).*
  FROM "rwdoctor_workers_before_upgrade" AS b
  JOIN "worker" AS w ON w."host" = b."worker" ->> 'host' AND w."port" = (b."worker" ->> 'port')::integer
 WHERE b."property" IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM "worker_property" AS p WHERE p."worker_id" = w."worker_id");
