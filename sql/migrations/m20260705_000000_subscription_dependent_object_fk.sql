-- m20260705_000000_subscription_dependent_object_fk (after v3.0.3): subscriptions whose upstream
-- is gone are deleted through their object row (cascading to privileges and dependencies), then
-- the foreign key is added.
DELETE FROM "object" WHERE "oid" IN (SELECT "subscription_id" FROM "subscription"
  WHERE "dependent_table_id" NOT IN (SELECT "oid" FROM "object"));
ALTER TABLE "subscription" ADD CONSTRAINT "FK_subscription_dependent_table_id" FOREIGN KEY ("dependent_table_id") REFERENCES "object" ("oid") ON DELETE CASCADE;
