-- m20250121_085800_change_wasm_udf_identifier (v2.3.0): identifier is renamed; wasm and rust
-- functions take their name as the name in the runtime.
ALTER TABLE "function" RENAME COLUMN "identifier" TO "name_in_runtime";
UPDATE "function" SET "name_in_runtime" = "name" WHERE "language" IN ('wasm', 'rust');
