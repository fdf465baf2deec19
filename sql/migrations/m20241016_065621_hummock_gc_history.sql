-- m20241016_065621_hummock_gc_history (v2.1.0): a new, empty table.
CREATE TABLE IF NOT EXISTS "hummock_gc_history" (
  "object_id" bigint NOT NULL PRIMARY KEY,
  "mark_delete_at" timestamp without time zone NOT NULL
);
CREATE INDEX "idx_hummock_gc_history_mark_delete_at" ON "hummock_gc_history" ("mark_delete_at");
