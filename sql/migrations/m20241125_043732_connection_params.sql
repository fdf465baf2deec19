-- m20241125_043732_connection_params (v2.2.0): NOT NULL without a default, so on PostgreSQL
-- the migration aborts when a connection row exists.
ALTER TABLE "connection" ADD COLUMN "params" bytea NOT NULL;
