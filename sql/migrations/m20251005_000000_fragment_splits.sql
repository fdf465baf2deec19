-- m20251005_000000_fragment_splits (v2.7.0): created EMPTY; nothing copies actor.splits into
-- it. The actor rows stay, stale: v2.7 no longer reads them.
CREATE TABLE "fragment_splits" (
  "fragment_id" integer NOT NULL PRIMARY KEY,
  "splits" bytea,
  CONSTRAINT "FK_fragment_splits_fragment_oid" FOREIGN KEY ("fragment_id") REFERENCES "fragment" ("fragment_id") ON DELETE CASCADE
);
