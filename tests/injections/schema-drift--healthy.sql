-- case: healthy twin: an extra plain index, a nullable column and a column with a default that a tool added, and a table of the DBA's own in the meta schema, break nothing and are not reported
-- generations: all
-- expect-clean
CREATE INDEX fragment_job_extra ON fragment (job_id);
ALTER TABLE fragment ADD COLUMN note text;
ALTER TABLE object ADD COLUMN imported boolean NOT NULL DEFAULT false;
CREATE TABLE dba_notes (id integer PRIMARY KEY, note text NOT NULL);
