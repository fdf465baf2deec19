-- id: split-duplicated
-- title: a source split is held by two actors of a fragment (up to v2.6) or listed twice in its fragment_splits row
-- invariant: N5
-- severity: error
-- consequence: recovery-error
-- repairs: fix manual
-- requires: actor fragment streaming_job
-- until: m20251005_000000_fragment_splits
-- kind: analyzer
-- scope: jobs
-- meta-node: up to v2.6 recovery's integrity check (ScaleController::graph_check, from v2.1) fails with "has duplicate split" and recovery is retried forever, and on v2.0 both actors read the split and their duplicate state writes panic the compactor; from v2.7 the scale code keeps one entry per split id when it renders the actors and drops the other's offset without a word
-- explain:
--   Up to v2.6 the split assignment of a Source or SourceScan fragment is stored per actor
--   in actor.splits, a ConnectorSplits protobuf: one entry per split with the connector
--   name and the split as JSON (after a version byte 1). Each split of a fragment must be
--   held by exactly one of its actors. RisingWave's integrity check (graph_check in
--   controller/scale.rs, run by recovery from v2.1 and by `risectl meta graph-check`)
--   fails with "Fragment F actor A has duplicate split" when a split id occurs twice in a
--   fragment, so recovery fails and is retried forever. On v2.0 both actors read
--   the split: "duplicated splits will cause duplicated state table writes, causing
--   assertion failure" and "a dup write on the same key and same epoch panic in the
--   compactor" (#16235, #18541, #18553, after ALTER ... SET PARALLELISM and a restart).
--   The split id is the connector's own: the partition for Kafka, the shard for Kinesis,
--   the topic for Pulsar and MQTT, the file name for file sources, split_id for NATS,
--   Iceberg and CDC, split_num-split_index for datagen and nexmark. Splits of other
--   connectors, and entries that do not decode, are not compared (blob-malformed checks the
--   protobuf itself). Not reported: INITIAL jobs, which the next recovery deletes.
--   This happens after a reschedule that did not update every actor's splits (fixed in
--   v2.1.0) or a hand edit or partial restore of actor rows. What to do: rwdoctor repair
--   fix leaves each split to the first actor (lowest id) that holds it and takes it out of
--   the later actors' lists (the finding's statement; undo puts the lists back). Which actor
--   keeps it does not matter to the data: the source executor keeps a split's offset in its
--   state table under the split id, whichever actor reads it (state_table_handler.rs, get
--   and set, v2.0.7 and v2.4.0); a split no actor holds any more (the later actor's own one,
--   when the duplicate replaced it) is assigned by the source manager's next tick after the
--   start (reassign_splits, source_manager.rs @ v2.0.7, split_assignment.rs @ v2.4.0 and
--   v2.6.3). rwdoctor repair restore never overwrites actor rows live still has. Never drop
--   the source for it: a drop destroys the source, every job that reads it and their state
--   in Hummock, far more than the split list's fault costs, so rwdoctor offers no drop for
--   this finding.
-- The query returns the splits of every actor of a non-INITIAL job that has any, ordered by
-- fragment; the analyzer decodes them and groups the split ids per fragment.
SELECT f.job_id, a.fragment_id, a.actor_id, a.splits
FROM actor a
JOIN fragment f ON f.fragment_id = a.fragment_id
JOIN streaming_job sj ON sj.job_id = f.job_id
WHERE a.splits IS NOT NULL
  AND sj.job_status IS DISTINCT FROM 'INITIAL'
  AND ($1::int[] IS NULL OR f.job_id = ANY($1::int[])) -- scope (CheckSpec::scoped)
ORDER BY a.fragment_id, a.actor_id;
