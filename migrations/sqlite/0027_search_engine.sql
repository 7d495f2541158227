-- The listings' search engine (issue 38): the lists are answered by a Tantivy index each
-- server keeps beside the data, following this change feed. What the SQL search kept for
-- the lists (issue 19's word postings, suffixes and kept totals, the FTS5 trigram table and
-- the indexes only the lists' orders read) goes; the indexes that foreign keys and the
-- imports read stay.

-- Every write to a listing or its features appends the listing's id, in the write's own
-- transaction, so no change is lost while a server is down. SQLite has one writer at a
-- time: the changes are numbered in the order they commit.
CREATE TABLE search_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    property_id INTEGER NOT NULL,
    changed_epoch INTEGER NOT NULL DEFAULT (CAST(strftime('%s', 'now') AS INTEGER))
);
CREATE INDEX search_changes_epoch ON search_changes (changed_epoch);

-- Which database this is (an index built from another is rebuilt), and the newest change
-- pruned (a server that had not applied it rebuilds).
CREATE TABLE search_feed (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    origin TEXT NOT NULL,
    pruned_through INTEGER NOT NULL DEFAULT 0
);
INSERT INTO search_feed (id, origin) VALUES (1, lower(hex(randomblob(16))));

DROP TRIGGER properties_search_insert;
DROP TRIGGER properties_search_delete;
DROP TRIGGER properties_search_update;
DROP TABLE property_search;
DROP TABLE property_words;
DROP TABLE search_suffixes;
DROP TABLE search_words;
DROP TABLE property_counts;
DROP INDEX properties_display_type;
DROP INDEX properties_is_featured;
DROP INDEX properties_updated_at;
DROP INDEX properties_price;
DROP INDEX properties_title_en;
DROP INDEX properties_created_at_id;
DROP INDEX properties_import;

CREATE TRIGGER properties_search_insert AFTER INSERT ON properties BEGIN
    INSERT INTO search_changes (property_id) VALUES (new.id);
END;
CREATE TRIGGER properties_search_change AFTER UPDATE ON properties BEGIN
    INSERT INTO search_changes (property_id) VALUES (new.id);
END;
CREATE TRIGGER properties_search_delete AFTER DELETE ON properties BEGIN
    INSERT INTO search_changes (property_id) VALUES (old.id);
END;
CREATE TRIGGER property_features_search_insert AFTER INSERT ON property_feature_assignments BEGIN
    INSERT INTO search_changes (property_id) VALUES (new.property_id);
END;
CREATE TRIGGER property_features_search_delete AFTER DELETE ON property_feature_assignments BEGIN
    INSERT INTO search_changes (property_id) VALUES (old.property_id);
END;
