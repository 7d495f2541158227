-- Issue 26: leads that someone owns. A listing may name its responsible agent; a user may
-- stop receiving leads; a request has its assignee (null: nobody's yet), where it came from,
-- when to follow it up, and a thread of internal notes. lead_rotation is the round-robin's
-- one row, the last user handed a lead: a new request moves it on in its own transaction, so
-- every server on one database takes turns from the same place.
ALTER TABLE properties ADD COLUMN agent_id BIGINT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN receives_leads BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE contact_requests ADD COLUMN assignee_id BIGINT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE contact_requests ADD COLUMN source TEXT NOT NULL DEFAULT 'website'
    CHECK (source IN ('website', 'phone', 'walkIn', 'email', 'whatsapp', 'portal'));
ALTER TABLE contact_requests ADD COLUMN follow_up_at TEXT;
CREATE INDEX contact_requests_assignee ON contact_requests (assignee_id, status, created_at, id);
CREATE INDEX contact_requests_follow_up ON contact_requests (follow_up_at);
CREATE INDEX properties_agent ON properties (agent_id);

CREATE TABLE lead_notes (
    id BIGSERIAL PRIMARY KEY,
    contact_request_id BIGINT NOT NULL REFERENCES contact_requests (id) ON DELETE CASCADE,
    author_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    author_name TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX lead_notes_request ON lead_notes (contact_request_id, created_at, id);

CREATE TABLE lead_rotation (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    last_user_id BIGINT NOT NULL
);
INSERT INTO lead_rotation (id, last_user_id) VALUES (1, 0);
