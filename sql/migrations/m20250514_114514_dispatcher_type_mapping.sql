-- m20250514_114514_dispatcher_type_mapping (v2.5.0): existing edges get NULL (a fresh edge
-- gets the output types, '\x' when empty).
ALTER TABLE "fragment_relation" ADD COLUMN "output_type_mapping" bytea;
