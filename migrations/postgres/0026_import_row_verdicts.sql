-- Issue 37: a check keeps each row's verdict, not its messages. A row's messages could take
-- many times the row (a message per failing cell), so an import of a small file kept far more
-- than the file; the rejected-rows download reads the rows through the rules again instead.
ALTER TABLE import_rows ADD COLUMN invalid BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE import_rows SET invalid = TRUE WHERE messages IS NOT NULL;
ALTER TABLE import_rows DROP COLUMN messages;
