-- case: FK_pending_sink_state_object_id missing (store restored with a v2.8 schema dump); DROP SINK leaks pending_sink_state rows again (#26044)
-- generations: v3_0_3 head
-- expect: foreign-keys-missing severity=warning
ALTER TABLE pending_sink_state DROP CONSTRAINT "FK_pending_sink_state_object_id";
