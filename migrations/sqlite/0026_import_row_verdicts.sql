-- Issue 37: a check keeps each row's verdict, not its messages. A row's messages could take
-- many times the row (a message per failing cell), so an import of a small file kept far more
-- than the file; the rejected-rows download reads the rows through the rules again instead.
-- `invalid` is a boolean: the Any driver reads SQLite booleans only as integers.
ALTER TABLE import_rows ADD COLUMN invalid INTEGER NOT NULL DEFAULT 0;
UPDATE import_rows SET invalid = 1 WHERE messages IS NOT NULL;
ALTER TABLE import_rows DROP COLUMN messages;
