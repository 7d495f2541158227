-- Contact requests (core-panel.md §2, §3, §7; issue 9): what site visitors send, worked
-- through pending -> responded / closed. search_text holds the folded name, e-mail, phone,
-- subject and message, one per line: what the inbox's q matches.
CREATE TABLE contact_requests (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'responded', 'closed')),
    property_id BIGINT REFERENCES properties (id) ON DELETE SET NULL,
    language TEXT NOT NULL DEFAULT 'en',
    search_text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX contact_requests_created ON contact_requests (created_at, id);
CREATE INDEX contact_requests_status_created ON contact_requests (status, created_at, id);
CREATE INDEX contact_requests_property ON contact_requests (property_id);

-- The public form's submissions per client address, for its rate limit: kept in the
-- database so every server counts the same submissions; the sweep prunes old rows.
CREATE TABLE contact_submissions (
    address TEXT NOT NULL,
    at_epoch BIGINT NOT NULL
);
CREATE INDEX contact_submissions_address ON contact_submissions (address, at_epoch);
CREATE INDEX contact_submissions_at ON contact_submissions (at_epoch);
