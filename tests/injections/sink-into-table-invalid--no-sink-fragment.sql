-- case: the only fragment of sink-into-table 31 lost its SINK bit: "expected exactly one sink fragment for each sink" fails recovery
-- generations: all
-- expect: sink-into-table-invalid job_id=31 severity=error
UPDATE fragment SET fragment_type_mask = 16 WHERE fragment_id = 12;
