-- Issue 26: leads that someone owns. A listing may name its responsible agent; a user may
-- stop receiving leads; a request has its assignee (null: nobody's yet), where it came from,
-- when to follow it up, and a thread of internal notes. lead_rotation is the round-robin's
-- one row, the last user handed a lead: a new request moves it on in its own transaction, so
-- every server on one database takes turns from the same place.
ALTER TABLE properties ADD COLUMN agent_id INTEGER REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN receives_leads INTEGER NOT NULL DEFAULT 1; -- a boolean, as is_active
ALTER TABLE contact_requests ADD COLUMN assignee_id INTEGER REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE contact_requests ADD COLUMN source TEXT NOT NULL DEFAULT 'website'
    CHECK (source IN ('website', 'phone', 'walkIn', 'email', 'whatsapp', 'portal'));
ALTER TABLE contact_requests ADD COLUMN follow_up_at TEXT;
-- The first answer: the status leaving pending, a note, or Send Email / WhatsApp from the panel.
ALTER TABLE contact_requests ADD COLUMN first_response_at TEXT;
-- Repeat contacts: the e-mail address trimmed in lower case and the phone's digits, as
-- rules::leads::{email_key, phone_key} make them; rows from before are filled here (a phone
-- with Arabic-Indic digits only from now on).
ALTER TABLE contact_requests ADD COLUMN email_key TEXT;
ALTER TABLE contact_requests ADD COLUMN phone_key TEXT;
UPDATE contact_requests SET email_key = NULLIF(lower(trim(email)), ''),
    phone_key = CASE WHEN length(replace(replace(replace(replace(replace(replace(replace(COALESCE(phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), '/', '')) >= 6 AND replace(replace(replace(replace(replace(replace(replace(COALESCE(phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), '/', '') NOT GLOB '*[^0-9]*'
        THEN replace(replace(replace(replace(replace(replace(replace(COALESCE(phone, ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), '/', '') END;
CREATE INDEX contact_requests_email_key ON contact_requests (email_key, id);
CREATE INDEX contact_requests_phone_key ON contact_requests (phone_key, id);
CREATE INDEX contact_requests_assignee ON contact_requests (assignee_id, status, created_at, id);
CREATE INDEX contact_requests_follow_up ON contact_requests (follow_up_at);
CREATE INDEX properties_agent ON properties (agent_id);

CREATE TABLE lead_notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    contact_request_id INTEGER NOT NULL REFERENCES contact_requests (id) ON DELETE CASCADE,
    author_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    author_name TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX lead_notes_request ON lead_notes (contact_request_id, created_at, id);

CREATE TABLE lead_rotation (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    last_user_id INTEGER NOT NULL
);
INSERT INTO lead_rotation (id, last_user_id) VALUES (1, 0);
