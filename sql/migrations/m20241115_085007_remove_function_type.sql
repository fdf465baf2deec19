-- m20241115_085007_remove_function_type (v2.2.0): the column and its values are dropped.
ALTER TABLE "function" DROP COLUMN "function_type";
