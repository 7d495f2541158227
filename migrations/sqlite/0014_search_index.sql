-- The lists' search index and totals (issue 19), written by the server in each property
-- write's transaction (properties/search_index.rs) and rebuilt from the listings when empty.
--
-- A folded `q` of letters and digits matches inside one word of `search_text`, so the rows it
-- matches are those holding a word that contains it: the words containing `q` are found
-- through their suffixes (a range of the primary key), and each word's rows are read in
-- `created_at` order from `property_words`, a page at any depth costing the rows before it
-- in the index, not the whole table. Derived data: no foreign keys, the writer keeps it.

CREATE TABLE search_words (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    word TEXT NOT NULL UNIQUE,
    -- How many listings hold the word, and how many of them are active: a one-word search's
    -- total without counting its rows.
    properties INTEGER NOT NULL DEFAULT 0,
    active INTEGER NOT NULL DEFAULT 0
);

-- Every suffix of three characters or more of every word.
CREATE TABLE search_suffixes (
    suffix TEXT NOT NULL,
    word_id INTEGER NOT NULL,
    PRIMARY KEY (suffix, word_id)
) WITHOUT ROWID;

CREATE TABLE property_words (
    word_id INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    property_id INTEGER NOT NULL,
    active INTEGER NOT NULL,
    PRIMARY KEY (word_id, created_at, property_id)
) WITHOUT ROWID;
CREATE INDEX property_words_active ON property_words (word_id, active, created_at, property_id);
CREATE INDEX property_words_property ON property_words (property_id);

-- Totals of the lists with at most one filter, by key ('*', 'category=3', 'a:city=7', ...;
-- 'a:' for active listings only), kept by the writer.
CREATE TABLE property_counts (
    key TEXT PRIMARY KEY,
    count INTEGER NOT NULL
);

-- The public list (status active, newest first) and its filters page through these.
CREATE INDEX properties_status_created_at ON properties (status, created_at, id);
CREATE INDEX properties_created_at_id ON properties (created_at, id);

-- The public list also reads the places' names and the selected features: a write to them
-- makes its kept answers stale too (migration 0008's revision).
CREATE TRIGGER countries_revision_insert AFTER INSERT ON countries FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER countries_revision_update AFTER UPDATE ON countries FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER countries_revision_delete AFTER DELETE ON countries FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER cities_revision_insert AFTER INSERT ON cities FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER cities_revision_update AFTER UPDATE ON cities FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER cities_revision_delete AFTER DELETE ON cities FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER regions_revision_insert AFTER INSERT ON regions FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER regions_revision_update AFTER UPDATE ON regions FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER regions_revision_delete AFTER DELETE ON regions FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER property_features_revision_insert AFTER INSERT ON property_features FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER property_features_revision_update AFTER UPDATE ON property_features FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER property_features_revision_delete AFTER DELETE ON property_features FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER property_feature_assignments_revision_insert AFTER INSERT ON property_feature_assignments FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER property_feature_assignments_revision_update AFTER UPDATE ON property_feature_assignments FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER property_feature_assignments_revision_delete AFTER DELETE ON property_feature_assignments FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
