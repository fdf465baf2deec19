-- case: FK_fragment_table_id recreated without ON DELETE CASCADE; dropping a job would fail or leave fragments behind
-- generations: all
-- expect: foreign-keys-missing severity=warning
ALTER TABLE fragment DROP CONSTRAINT "FK_fragment_table_id";
ALTER TABLE fragment ADD CONSTRAINT "FK_fragment_table_id" FOREIGN KEY (job_id) REFERENCES object (oid);
