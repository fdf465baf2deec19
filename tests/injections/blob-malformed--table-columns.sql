-- case: "table".columns of table "Customers" (19) holds a text string instead of protobuf (wire type 7 does not exist)
-- generations: all
-- expect: blob-malformed object_id=19 severity=critical
UPDATE "table" SET columns = convert_to('customer_id int', 'UTF8') WHERE table_id = 19;
