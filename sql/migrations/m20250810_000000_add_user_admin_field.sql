-- m20250810_000000_add_user_admin_field (v2.6.0): every user is not an admin, except a user
-- named rwadmin, which becomes admin and superuser. Only a cluster first started by v2.6 or
-- later has that user (the init migration gained it in v2.6.0), so an upgraded one has none.
ALTER TABLE "user" ADD COLUMN "is_admin" bool NOT NULL DEFAULT false;
UPDATE "user" SET "is_admin" = true, "is_super" = true WHERE "name" = 'rwadmin';
