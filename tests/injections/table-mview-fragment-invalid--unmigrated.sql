-- case: table order_archive, which sink 31 writes into, lost its UpstreamSinkUnion bit: DROP SINK is refused for an unmigrated table (#24393)
-- generations: v2_8 v3_0_3 head
-- expect: table-mview-fragment-invalid job_id=30 severity=warning
UPDATE fragment SET fragment_type_mask = 2 WHERE fragment_id = 11;
