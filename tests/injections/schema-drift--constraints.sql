-- case: a CHECK constraint, a unique index and a trigger added by hand to meta tables: RisingWave creates none of them, and its writes can fail
-- generations: all
-- expect: schema-drift severity=error
ALTER TABLE streaming_job ADD CONSTRAINT max_parallelism_positive CHECK (max_parallelism > 0);
CREATE UNIQUE INDEX table_name_unique ON "table" (name);
CREATE FUNCTION touch_object() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TRIGGER object_touch BEFORE UPDATE ON object FOR EACH ROW EXECUTE FUNCTION touch_object();
