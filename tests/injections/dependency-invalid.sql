-- case: object_dependency(16 -> 24) deleted while the NO_SHUFFLE edge 3 -> 8 remains: DROP mv_orders RESTRICT would succeed and strand "Top Customers"
-- generations: all
-- expect: dependency-invalid job_id=24 severity=warning
DELETE FROM object_dependency WHERE oid = 16 AND used_by = 24;
