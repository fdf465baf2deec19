-- case: "user".is_super changed to integer by hand (a dump of another backend's schema, #16304): the meta node cannot decode the column and panics at start
-- generations: all
-- expect: schema-drift severity=critical
ALTER TABLE "user" ALTER COLUMN is_super TYPE integer USING is_super::integer;
