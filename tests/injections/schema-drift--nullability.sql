-- case: "user".can_login made nullable (warning: a NULL fails the reads) and "user".auth_info made NOT NULL (error: RisingWave writes NULL there for a user without a password)
-- generations: all
-- expect: schema-drift severity=warning
-- expect: schema-drift severity=error
ALTER TABLE "user" ALTER COLUMN can_login DROP NOT NULL;
UPDATE "user" SET auth_info = '\x'::bytea WHERE auth_info IS NULL;
ALTER TABLE "user" ALTER COLUMN auth_info SET NOT NULL;
