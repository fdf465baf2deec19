-- The value of system parameter $1 in this store; no row when the store has none.
SELECT p.value
FROM system_parameter p
WHERE p.name = $1;
