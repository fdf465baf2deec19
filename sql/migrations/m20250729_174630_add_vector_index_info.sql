-- m20250729_174630_add_vector_index_info (v2.6.0): existing tables get NULL.
ALTER TABLE "table" ADD COLUMN "vector_index_info" bytea;
