-- case: healthy: singleton table 43 keeps 256 vnodes for compatibility while its SINGLE fragment has 1 (#19760)
-- generations: all
UPDATE "table" SET vnode_count = 256 WHERE table_id = 43;
-- expect-clean
