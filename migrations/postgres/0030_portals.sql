-- Portal feeds (issue 41). Where each listing is published ('website,bayut': the rules'
-- stored set) and whether it is built; the agent's phone the feeds show; the company's set
-- for new listings. What Aqar's catalog records are called in each portal's words, the
-- feeds' tokens, the webhooks' secrets, and the last webhook deliveries. A portal's lead
-- names its portal and the portal's own id of it, once.
ALTER TABLE properties ADD COLUMN publish_to TEXT NOT NULL DEFAULT 'website';
ALTER TABLE properties ADD COLUMN completion_status TEXT NOT NULL DEFAULT 'ready'
    CHECK (completion_status IN ('ready', 'offPlan'));
ALTER TABLE users ADD COLUMN phone TEXT;
ALTER TABLE settings ADD COLUMN default_publish_to TEXT NOT NULL DEFAULT 'website';
ALTER TABLE contact_requests ADD COLUMN portal TEXT;
ALTER TABLE contact_requests ADD COLUMN portal_lead_id TEXT;
CREATE UNIQUE INDEX contact_requests_portal_lead ON contact_requests (portal, portal_lead_id);

CREATE TABLE portal_mappings (
    id BIGSERIAL PRIMARY KEY,
    portal TEXT NOT NULL CHECK (portal IN ('propertyFinder', 'bayut')),
    kind TEXT NOT NULL CHECK (kind IN ('category', 'propertyType', 'country', 'city', 'region')),
    record_id BIGINT NOT NULL,
    value TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1,
    UNIQUE (portal, kind, record_id)
);

CREATE TABLE feed_tokens (
    id BIGSERIAL PRIMARY KEY,
    feed TEXT NOT NULL UNIQUE CHECK (feed IN ('propertyFinder', 'bayut')),
    token TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    created_by TEXT
);

CREATE TABLE portal_secrets (
    portal TEXT PRIMARY KEY CHECK (portal IN ('propertyFinder', 'bayut')),
    secret TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE portal_deliveries (
    id BIGSERIAL PRIMARY KEY,
    portal TEXT NOT NULL,
    received_at TEXT NOT NULL,
    status BIGINT NOT NULL,
    error TEXT,
    lead_id TEXT,
    contact_request_id BIGINT REFERENCES contact_requests (id) ON DELETE SET NULL
);

-- What the feeds show beyond the listings' own rows: a write to a mapping or to a user (the
-- listing's agent) is a new feed, as a write to a listing is (revision 'properties').
INSERT INTO revisions (name, value) VALUES ('portals', 0);
CREATE FUNCTION bump_portals_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'portals';
    RETURN NULL;
END;
$$;
CREATE TRIGGER portal_mappings_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON portal_mappings
    FOR EACH STATEMENT EXECUTE FUNCTION bump_portals_revision();
CREATE TRIGGER users_portals_revision AFTER UPDATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION bump_portals_revision();
