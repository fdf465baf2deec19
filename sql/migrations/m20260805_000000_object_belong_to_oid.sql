-- m20260805_000000_object_belong_to_oid (after v3.0.3): the back-fill, in the migration's
-- order: COALESCE(schema_id, database_id) for all; internal table -> its job; associated
-- source -> its table; __iceberg_sink_% sink -> its single ICEBERG table dependency;
-- __iceberg_source_<t> -> the ICEBERG table <t> of the same schema. A DATABASE stays NULL.
ALTER TABLE "object" ADD COLUMN "belong_to_oid" integer NULL;
CREATE INDEX "IDX_object_belong_to_oid" ON "object" ("belong_to_oid");
ALTER TABLE "object" ADD CONSTRAINT "FK_object_belong_to_oid" FOREIGN KEY ("belong_to_oid") REFERENCES "object" ("oid") ON DELETE CASCADE;
UPDATE "object" SET "belong_to_oid" = COALESCE("schema_id", "database_id");
UPDATE "object" AS o SET "belong_to_oid" = t."belongs_to_job_id"
  FROM "table" AS t WHERE t."table_id" = o."oid" AND t."belongs_to_job_id" IS NOT NULL;
UPDATE "object" AS o SET "belong_to_oid" = t."table_id"
  FROM "table" AS t WHERE t."optional_associated_source_id" = o."oid";
UPDATE "object" AS o SET "belong_to_oid" = parent."table_id"
  FROM "sink" AS s,
       (SELECT d."used_by", MIN(t."table_id") AS "table_id"
          FROM "object_dependency" AS d JOIN "table" AS t ON t."table_id" = d."oid" AND t."engine" = 'ICEBERG'
         GROUP BY d."used_by" HAVING COUNT(*) = 1) AS parent
 WHERE s."sink_id" = o."oid" AND parent."used_by" = o."oid" AND s."name" LIKE '!_!_iceberg!_sink!_%' ESCAPE '!';
UPDATE "object" AS o SET "belong_to_oid" = parent."oid"
  FROM "source" AS s, "object" AS parent, "table" AS t
 WHERE s."source_id" = o."oid" AND parent."database_id" = o."database_id" AND parent."schema_id" = o."schema_id"
   AND t."table_id" = parent."oid" AND t."engine" = 'ICEBERG' AND s."name" = '__iceberg_source_' || t."name";
