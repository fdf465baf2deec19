-- case: "user".can_create_user dropped by hand: every read of the user table fails
-- generations: all
-- expect: schema-drift severity=critical
ALTER TABLE "user" DROP COLUMN can_create_user;
