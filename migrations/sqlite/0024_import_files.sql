-- An import's file in a table of its own (issue 25). Every batch of a commit updates the
-- import's row (its position, counters and lease), and SQLite writes an updated row whole:
-- with the file in it, each batch wrote the whole file again, 16 MB for 50,000 rows of .csv.
CREATE TABLE import_files (
    import_id INTEGER PRIMARY KEY REFERENCES imports (id) ON DELETE CASCADE,
    file BLOB NOT NULL
);

INSERT INTO import_files (import_id, file) SELECT id, file FROM imports;

ALTER TABLE imports DROP COLUMN file;
