-- id: actor-vnode-invalid
-- title: a fragment's actors fail RisingWave's graph check (vnode bitmaps overlap, leave vnodes out or have the wrong size, a SINGLE fragment has several actors or a bitmap, an actor is not RUNNING) or an actor holds too few vnodes
-- invariant: N4
-- severity: error
-- worst-severity: critical
-- consequence: recovery-error
-- repairs: drop-job manual
-- requires: actor fragment fragment.vnode_count streaming_job
-- since: m20240911_083152_variable_vnode_count
-- until: m20251005_000000_fragment_splits
-- meta-node: recovery's scale_actors runs the integrity check (ScaleController::graph_check) and fails ("integrity check failed"), retried forever; risectl meta graph-check reports the same; an actor with too few vnodes (a warning) panics the meta node up to v2.6.2 when a rebalance removes it
-- explain:
--   Up to v2.6 the actors of a fragment are rows of `actor`, and before rescheduling
--   them recovery runs RisingWave's own integrity check (graph_check in
--   controller/scale.rs, also `risectl meta graph-check`): a SINGLE fragment has exactly one
--   actor and no vnode bitmap; a HASH fragment's actors each have a bitmap of exactly
--   vnode_count bits, no two share a vnode, and together they cover every vnode; every actor
--   is RUNNING. A failure fails that recovery step ("integrity check failed"), and the
--   recovery is retried forever (#23620 shows the panics of an uneven distribution).
--   actor.vnode_bitmap is a common.Buffer: field 1 the compression (NONE), field 2 the
--   body, whose first byte is the bit count modulo 8, then the bits (bitmap.rs). A bitmap
--   that is not in that form, or not exactly vnode_count bits, aborts the meta node
--   (critical): graph_check ands each HASH actor's bitmap into Bitmap::zeros(vnode_count)
--   (src/meta/src/controller/scale.rs:612-618 @ v2.6.3, :613/:617 @ v2.4.4, :597/:601
--   @ v2.2.6) and BitAnd starts with assert_eq!(self.num_bits, rhs.num_bits)
--   (src/common/src/bitmap.rs:478 @ v2.6.3); an empty body panics earlier at buf.body[0]
--   (bitmap.rs:688 @ v2.6.3), and bytes that are not protobuf at the decode's unwrap()
--   (derive_from_blob, src/meta/model/src/lib.rs @ v2.6.3); the panic hook aborts the process.
--   These panics happen inside the check, so they hit v2.1.0 to v2.1.4 too, where a failed
--   check is otherwise only logged (error!("integrity check failed"),
--   src/meta/src/barrier/recovery.rs:553-559 @ v2.1.0; bail! from v2.1.5, :566).
--   Recovery runs graph_check only with automatic parallelism control enabled (the default)
--   and no unreschedulable background job (src/meta/src/barrier/context/recovery.rs:342-346
--   @ v2.6.3); otherwise the actors are migrated without it.
--   An actor that holds fewer than vnode_count / actors vnodes (integer division) is
--   reported as a warning: RisingWave never makes such a distribution, and up to v2.6.2 a
--   rebalance that removes that actor (a scale-in, a compute node that leaves) asserts
--   against it and panics the meta node (rebalance_actor_vnode in stream/scale.rs, #23620;
--   v2.6.3 rebuilds the distribution instead, but shares v2.6.2's migrations, so both are
--   reported).
--   Not reported here: HASH actors without any bitmap and fragments without actors
--   (actor-missing), INITIAL jobs, and stores from v2.7 on, where `actor` is stale.
--   This happens after hand edits of actor rows, restores that mix actor rows of two
--   backups, or an interrupted reschedule. What to do: drop the job (rwdoctor repair drop), or
--   put the actor rows back by hand from a backup: rwdoctor repair restore never overwrites
--   a row live still has, so it cannot mend these.
WITH live_actor AS (
    SELECT a.actor_id, a.fragment_id, a.status, a.vnode_bitmap AS raw,
           f.job_id, f.distribution_type, f.vnode_count,
           -- the Buffer's body: an optional compression field (08 xx), then field 2 (12) with a
           -- one- or two-byte length
           CASE WHEN length(a.vnode_bitmap) >= 2 AND get_byte(a.vnode_bitmap, 0) = 8 THEN 2 ELSE 0 END AS tag_at
    FROM actor a
    JOIN fragment f ON f.fragment_id = a.fragment_id
    JOIN streaming_job sj ON sj.job_id = f.job_id
    WHERE sj.job_status <> 'INITIAL'
),
framed AS (
    SELECT la.*,
           CASE WHEN la.raw IS NULL OR length(la.raw) < la.tag_at + 2 OR get_byte(la.raw, la.tag_at) <> 18 THEN NULL
                WHEN get_byte(la.raw, la.tag_at + 1) < 128 THEN get_byte(la.raw, la.tag_at + 1)
                WHEN length(la.raw) >= la.tag_at + 3
                THEN (get_byte(la.raw, la.tag_at + 1) & 127) | (get_byte(la.raw, la.tag_at + 2) << 7)
           END AS body_length,
           CASE WHEN la.raw IS NULL OR length(la.raw) < la.tag_at + 2 THEN NULL
                WHEN get_byte(la.raw, la.tag_at + 1) < 128 THEN la.tag_at + 2
                ELSE la.tag_at + 3
           END AS body_at
    FROM live_actor la
),
bitmap AS (
    SELECT fr.*,
           CASE WHEN fr.body_length IS NOT NULL AND fr.body_length >= 1
                     AND fr.body_at + fr.body_length = length(fr.raw)
                     AND fr.body_length - 1 = (fr.vnode_count + 7) / 8
                     AND get_byte(fr.raw, fr.body_at) = fr.vnode_count % 8
                THEN ('x' || encode(substring(fr.raw FROM fr.body_at + 2 FOR fr.body_length - 1), 'hex'))::varbit
           END AS bits
    FROM framed fr
),
counted AS (
    SELECT b.*, length(replace(b.bits::text, '0', '')) AS held,
           count(*) OVER (PARTITION BY b.fragment_id) AS siblings
    FROM bitmap b
),
per_fragment AS (
    SELECT b.fragment_id, b.job_id, b.distribution_type, b.vnode_count,
           count(*) AS actors,
           count(*) FILTER (WHERE b.raw IS NOT NULL) AS with_bitmap,
           count(*) FILTER (WHERE b.raw IS NOT NULL AND b.bits IS NULL) AS malformed,
           string_agg(b.actor_id::text, ', ' ORDER BY b.actor_id) FILTER (WHERE b.status <> 'RUNNING') AS not_running,
           sum(b.held) AS ones,
           length(replace(bit_or(b.bits)::text, '0', '')) AS covered,
           -- RisingWave's rebalance (rebalance_actor_vnode) asserts each actor it removes holds
           -- at least vnode_count / actors vnodes (#23620)
           string_agg(b.actor_id || ' (' || b.held || ')', ', ' ORDER BY b.actor_id)
               FILTER (WHERE b.held < b.vnode_count / b.siblings) AS under_allocated
    FROM counted b
    GROUP BY b.fragment_id, b.job_id, b.distribution_type, b.vnode_count
)
SELECT p.job_id AS object_id,
       p.job_id AS job_id,
       p.fragment_id AS fragment_id,
       format('fragment %s of job %s (%s, %s vnodes): %s', p.fragment_id, p.job_id, p.distribution_type,
              p.vnode_count,
              concat_ws('; ',
                        CASE WHEN p.distribution_type = 'SINGLE' AND p.actors > 1
                             THEN p.actors || ' actors where a SINGLE fragment has one' END,
                        CASE WHEN p.distribution_type = 'SINGLE' AND p.with_bitmap > 0
                             THEN p.with_bitmap || ' actor(s) with a vnode bitmap' END,
                        CASE WHEN p.distribution_type = 'HASH' AND p.malformed > 0
                             THEN p.malformed || ' bitmap(s) that are not a Buffer of ' || p.vnode_count || ' bits' END,
                        CASE WHEN p.distribution_type = 'HASH' AND p.malformed = 0 AND p.ones > p.covered
                             THEN (p.ones - p.covered) || ' vnode(s) held by two actors' END,
                        CASE WHEN p.distribution_type = 'HASH' AND p.malformed = 0 AND p.with_bitmap = p.actors
                                  AND p.covered < p.vnode_count
                             THEN (p.vnode_count - p.covered) || ' vnode(s) no actor holds' END,
                        CASE WHEN p.not_running IS NOT NULL THEN 'actors not RUNNING: ' || p.not_running END,
                        CASE WHEN p.uneven
                             THEN 'actors with fewer than ' || (p.vnode_count / p.actors) || ' vnodes: ' || p.under_allocated
                                  || ' (a rebalance that removes one panics up to v2.6.2)' END)) AS message,
       CASE WHEN p.aborting THEN 'critical' WHEN p.failing THEN 'error' ELSE 'warning' END AS severity,
       CASE WHEN p.aborting THEN 'panic' WHEN p.failing THEN 'recovery-error' ELSE 'panic' END AS consequence
FROM (SELECT pf.*,
             (pf.distribution_type = 'SINGLE' AND (pf.actors > 1 OR pf.with_bitmap > 0))
             OR (pf.distribution_type = 'HASH' AND (pf.malformed > 0
                                                   OR (pf.malformed = 0 AND pf.ones > pf.covered)
                                                   OR (pf.malformed = 0 AND pf.with_bitmap = pf.actors
                                                       AND pf.covered < pf.vnode_count)))
             OR pf.not_running IS NOT NULL AS failing,
             pf.distribution_type = 'HASH' AND pf.malformed > 0 AS aborting,
             pf.distribution_type = 'HASH' AND pf.malformed = 0 AND pf.with_bitmap = pf.actors
             AND pf.under_allocated IS NOT NULL AS uneven
      FROM per_fragment pf) p
WHERE p.failing OR p.uneven
ORDER BY p.fragment_id;
