-- Issue 25: listings imported from a spreadsheet. An import keeps its file and its rows (the
-- header's cells in `columns`, each data row's cells in import_rows) for 7 days, then the
-- periodic sweep deletes it with them.
--
-- The check records each row's messages (NULL: valid). The commit writes the valid rows in
-- batches, each batch in one transaction that also moves `position` (the last spreadsheet
-- row handled) and the counters: a crash leaves every row written or not, and the commit
-- resumes after `position`. One server runs a commit at a time: it holds the lease
-- (lease_owner until lease_until, epoch seconds) and renews it with every batch.
CREATE TABLE imports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    file_name TEXT NOT NULL,
    file BLOB NOT NULL,
    columns TEXT NOT NULL, -- JSON array of the header's texts
    row_count INTEGER NOT NULL,
    status TEXT NOT NULL, -- uploaded, checked, committing, done or failed
    mode TEXT, -- create or create-or-update, once checked
    create_missing_catalog INTEGER NOT NULL DEFAULT 0, -- a boolean: the Any driver reads SQLite booleans only as integers
    mapping TEXT, -- JSON array: a column key or null per column, once checked
    language TEXT NOT NULL DEFAULT 'en', -- of the user who checked it: the messages' language
    total INTEGER NOT NULL DEFAULT 0, -- rows valid at the check: the rows to write
    position INTEGER NOT NULL DEFAULT 0,
    done INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL DEFAULT 0,
    updated INTEGER NOT NULL DEFAULT 0,
    invalid INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    created_at TEXT NOT NULL,
    finished_at TEXT,
    lease_owner TEXT,
    lease_until INTEGER
);
CREATE INDEX imports_created_at ON imports (created_at);
CREATE INDEX imports_status ON imports (status);

CREATE TABLE import_rows (
    import_id INTEGER NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
    line INTEGER NOT NULL, -- the spreadsheet's row number, the header being 1
    cells TEXT NOT NULL, -- JSON array of the row's texts
    messages TEXT, -- JSON array of {field, message}: invalid at the last check
    PRIMARY KEY (import_id, line)
);

-- The import that created a listing (GET /api/properties?importId=). No foreign key: an
-- import's deletion after 7 days leaves its listings as they are, and ids are never reused.
ALTER TABLE properties ADD COLUMN import_id INTEGER;
CREATE INDEX properties_import ON properties (import_id, created_at);
