-- case: a tool added a NOT NULL column without a default to object: RisingWave's inserts do not name it and fail
-- generations: all
-- expect: schema-drift severity=error
ALTER TABLE object ADD COLUMN audit_tag text NOT NULL DEFAULT 'imported';
ALTER TABLE object ALTER COLUMN audit_tag DROP DEFAULT;
