-- The listings' search engine (issue 38): the lists are answered by a Tantivy index each
-- server keeps beside the data, following this change feed. What the SQL search kept for
-- the lists (issue 19's word postings, suffixes and kept totals, the trigram index and the
-- indexes only the lists' orders read) goes; the indexes that foreign keys, the dashboard
-- and the imports read stay.

-- Every write to a listing or its features appends the listing's id, in the write's own
-- transaction, so no change is lost while a server is down.
CREATE TABLE search_changes (
    seq BIGSERIAL PRIMARY KEY,
    property_id BIGINT NOT NULL,
    changed_epoch BIGINT NOT NULL DEFAULT (extract(epoch FROM now())::BIGINT)
);
CREATE INDEX search_changes_epoch ON search_changes (changed_epoch);

-- Which database this is (an index built from another is rebuilt), and the newest change
-- pruned (a server that had not applied it rebuilds).
CREATE TABLE search_feed (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    origin TEXT NOT NULL,
    pruned_through BIGINT NOT NULL DEFAULT 0
);
INSERT INTO search_feed (id, origin) VALUES (1, md5(random()::TEXT || clock_timestamp()::TEXT));

-- A follower reads the changes after the last it applied, so they must become visible in
-- the order of their numbers: each writing transaction takes this lock (until it ends)
-- before it draws a number, and a transaction that drew a later number commits later.
CREATE FUNCTION search_properties_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(38000038);
    INSERT INTO search_changes (property_id) SELECT id FROM changed_rows;
    RETURN NULL;
END;
$$;

CREATE FUNCTION search_features_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(38000038);
    INSERT INTO search_changes (property_id) SELECT property_id FROM changed_rows;
    RETURN NULL;
END;
$$;

CREATE TRIGGER properties_search_insert AFTER INSERT ON properties
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_properties_changed();
CREATE TRIGGER properties_search_update AFTER UPDATE ON properties
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_properties_changed();
CREATE TRIGGER properties_search_delete AFTER DELETE ON properties
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_properties_changed();
CREATE TRIGGER property_features_search_insert AFTER INSERT ON property_feature_assignments
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_features_changed();
CREATE TRIGGER property_features_search_delete AFTER DELETE ON property_feature_assignments
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_features_changed();

DROP TABLE property_words;
DROP TABLE search_suffixes;
DROP TABLE search_words;
DROP TABLE property_counts;
DROP INDEX properties_search_text;
DROP INDEX properties_display_type;
DROP INDEX properties_is_featured;
DROP INDEX properties_updated_at;
DROP INDEX properties_price;
DROP INDEX properties_title_en;
DROP INDEX properties_created_at_id;
DROP INDEX properties_import;
