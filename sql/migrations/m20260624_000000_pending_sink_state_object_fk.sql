-- m20260624_000000_pending_sink_state_object_fk (v3.0.1): the rows of dropped sinks are deleted,
-- then the foreign key is added.
DELETE FROM "pending_sink_state" WHERE "sink_id" NOT IN (SELECT "oid" FROM "object");
ALTER TABLE "pending_sink_state" ADD CONSTRAINT "FK_pending_sink_state_object_id" FOREIGN KEY ("sink_id") REFERENCES "object" ("oid") ON DELETE CASCADE;
