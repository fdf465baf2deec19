-- case: a real store's healthy TABLE jobs: each DML fragment is {SOURCE,DML} (mask 129) over a placeholder Source without source_inner, and has no fragment_splits row; the table with a connector (19, fragment 4) loses its row and is reported
-- generations: v2_8 v3_0_3 head
-- expect: source-splits-missing fragment_id=4 severity=warning
-- expect-worst: warning
DELETE FROM fragment_splits WHERE fragment_id = 4;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM fragment WHERE fragment_id IN (10, 16) AND fragment_type_mask & 129 <> 129) THEN
    RAISE EXCEPTION 'the demo catalog must write the DML fragments 10 and 16 as {SOURCE,DML}';
  END IF;
END
$$;
