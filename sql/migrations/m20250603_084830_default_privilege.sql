-- m20250603_084830_default_privilege (v2.5.0): a new, empty table.
CREATE TABLE "user_default_privilege" (
  "id" serial NOT NULL PRIMARY KEY,
  "database_id" integer NOT NULL,
  "schema_id" integer,
  "object_type" varchar NOT NULL,
  "for_materialized_view" bool NOT NULL,
  "user_id" integer NOT NULL,
  "grantee" integer NOT NULL,
  "granted_by" integer NOT NULL,
  "action" varchar NOT NULL,
  "with_grant_option" bool NOT NULL,
  CONSTRAINT "pk_user_default_privilege" UNIQUE ("database_id", "schema_id", "object_type", "for_materialized_view", "user_id", "grantee", "action"),
  CONSTRAINT "fk_user_default_privilege_database_id" FOREIGN KEY ("database_id") REFERENCES "database" ("database_id") ON DELETE CASCADE,
  CONSTRAINT "fk_user_default_privilege_schema_id" FOREIGN KEY ("schema_id") REFERENCES "schema" ("schema_id") ON DELETE CASCADE,
  CONSTRAINT "fk_user_default_privilege_user_id" FOREIGN KEY ("user_id") REFERENCES "user" ("user_id") ON DELETE CASCADE,
  CONSTRAINT "fk_user_default_privilege_grantee_user_id" FOREIGN KEY ("grantee") REFERENCES "user" ("user_id") ON DELETE CASCADE,
  CONSTRAINT "fk_user_default_privilege_granted_user_id" FOREIGN KEY ("granted_by") REFERENCES "user" ("user_id") ON DELETE CASCADE
);
