-- An import's file in a table of its own (issue 25), as on SQLite, which writes an updated
-- row whole: every batch of a commit updates the import's row (its position, counters and
-- lease).
CREATE TABLE import_files (
    import_id BIGINT PRIMARY KEY REFERENCES imports (id) ON DELETE CASCADE,
    file BYTEA NOT NULL
);

INSERT INTO import_files (import_id, file) SELECT id, file FROM imports;

ALTER TABLE imports DROP COLUMN file;
