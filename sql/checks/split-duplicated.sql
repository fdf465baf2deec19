-- id: split-duplicated
-- title: a source split is held by two actors of a fragment (up to v2.6) or listed twice in its fragment_splits row
-- invariant: N5
-- severity: warning
-- consequence: silent
-- repairs: fix manual
-- requires: fragment fragment_splits streaming_job
-- since: m20251005_000000_fragment_splits
-- kind: analyzer
-- scope: jobs
-- meta-node: up to v2.6 recovery's integrity check (ScaleController::graph_check, from v2.1) fails with "has duplicate split" and recovery is retried forever, and on v2.0 both actors read the split and their duplicate state writes panic the compactor; from v2.7 the scale code keeps one entry per split id when it renders the actors and drops the other's offset without a word
-- explain:
--   Since v2.7 (m20251005_000000_fragment_splits) the splits of a Source or SourceScan
--   fragment are one ConnectorSplits protobuf per fragment in fragment_splits: one entry
--   per split with the connector name and the split as JSON (after a version byte 1). Each
--   split id should occur once. When recovery or a reschedule renders the fragment's
--   actors, the list is collected into a map by split id (render_actors in
--   controller/scale.rs), so a repeated split keeps only one of its entries and the
--   other's offset is lost: the source may re-read or skip data after the next recovery.
--   Up to v2.6 the same mistake, one split held by two actors, failed recovery (#16235,
--   #18541; the actor variant of this check).
--   The split id is the connector's own: the partition for Kafka, the shard for Kinesis,
--   the topic for Pulsar and MQTT, the file name for file sources, split_id for NATS,
--   Iceberg and CDC, split_num-split_index for datagen and nexmark. Splits of other
--   connectors, and entries that do not decode, are not compared (blob-malformed checks the
--   protobuf itself). Not reported: INITIAL jobs.
--   This happens after a hand edit or a partial restore of fragment_splits. What to do:
--   rwdoctor repair fix (or repair all) rewrites the row as RisingWave's render reads it: one
--   entry per split id, the last of each (render_actors collects the list into a BTreeMap by
--   split id, src/meta/src/controller/scale.rs:582 @ v2.7.0, :815 @ v2.8.0, :1021 @ v3.0.3, :1017-1024 @ HEAD 448c6570, and a BTreeMap
--   collect keeps the last of equal keys), every other entry byte for byte; undo puts the old
--   row back. The finding's statement is that UPDATE. A backup taken after the edit holds the
--   same row, so a restore cannot mend it. Leaving it is safe too: the next reassignment
--   writes the list again from the map.
--   Never drop the source for it: a drop destroys the source, every job that reads it and
--   their state in Hummock, far more than the one offset the duplicate costs, so rwdoctor
--   offers no drop for this finding.
-- The query returns the fragment_splits row of every fragment of a non-INITIAL job; the
-- analyzer decodes it and counts the split ids.
SELECT f.job_id, s.fragment_id, NULL::integer AS actor_id, s.splits
FROM fragment_splits s
JOIN fragment f ON f.fragment_id = s.fragment_id
JOIN streaming_job sj ON sj.job_id = f.job_id
WHERE s.splits IS NOT NULL
  AND sj.job_status IS DISTINCT FROM 'INITIAL'
  AND ($1::int[] IS NULL OR f.job_id = ANY($1::int[])) -- scope (CheckSpec::scoped)
ORDER BY s.fragment_id;
