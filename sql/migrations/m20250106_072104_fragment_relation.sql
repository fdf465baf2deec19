-- m20250106_072104_fragment_relation (v2.3.0): the fragment edges, filled from the actor
-- dispatchers (fulfill_fragment_relation: SELECT DISTINCT over actor JOIN actor_dispatcher,
-- one INSERT per row). Two distinct rows for one fragment pair break the primary key and
-- abort the upgrade. actor_dispatcher and fragment.upstream_fragment_id are left as they are.
CREATE TABLE "fragment_relation" (
  "source_fragment_id" integer NOT NULL,
  "target_fragment_id" integer NOT NULL,
  "dispatcher_type" varchar NOT NULL,
  "dist_key_indices" jsonb NOT NULL,
  "output_indices" jsonb NOT NULL,
  PRIMARY KEY ("source_fragment_id", "target_fragment_id"),
  CONSTRAINT "FK_fragment_relation_source_oid" FOREIGN KEY ("source_fragment_id") REFERENCES "fragment" ("fragment_id") ON DELETE CASCADE,
  CONSTRAINT "FK_fragment_relation_target_oid" FOREIGN KEY ("target_fragment_id") REFERENCES "fragment" ("fragment_id") ON DELETE CASCADE
);
INSERT INTO "fragment_relation" ("source_fragment_id", "target_fragment_id", "dispatcher_type", "dist_key_indices", "output_indices")
SELECT DISTINCT "actor"."fragment_id", "actor_dispatcher"."dispatcher_id", "actor_dispatcher"."dispatcher_type",
       "actor_dispatcher"."dist_key_indices", "actor_dispatcher"."output_indices"
  FROM "actor" JOIN "actor_dispatcher" ON "actor"."actor_id" = "actor_dispatcher"."actor_id";
