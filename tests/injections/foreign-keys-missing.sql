-- case: FK_table_fragment_id dropped by hand (e.g. lost in a schema-only restore); deleting a fragment no longer removes its table rows
-- generations: all
-- expect: foreign-keys-missing severity=warning
ALTER TABLE "table" DROP CONSTRAINT "FK_table_fragment_id";
