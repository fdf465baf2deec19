-- case: a Hummock version delta above the checkpoint is cut short (a packed removed_table_ids of 3 bytes with 1 behind it): the meta node decodes every such row at start and panics; rwdoctor's state grades skip it
-- generations: all
-- expect: blob-malformed severity=critical
-- expect-none: job-without-fragments
INSERT INTO hummock_version_delta (id, prev_id, max_committed_epoch, safe_epoch, trivial_move, full_version_delta)
VALUES (8813, 8812, 0, 0, false, decode('08ed4410ec444a0310', 'hex'));
