-- The one argument ($1, text) of the next COPY (SELECT ...) TO STDOUT of this transaction
-- (MetaStoreSession::copy_rows), which reads it back as
-- pg_catalog.current_setting('rwdoctor.copy_argument'): COPY takes no bind parameters, and a
-- value never becomes part of a statement's text. Local to the transaction.
SELECT pg_catalog.set_config('rwdoctor.copy_argument', $1, true);
