-- Issue 26: a lead given to someone other than whoever gave it tells them. Each row is one
-- user's notification, read in the panel's bell (read_at null: unread). When AQAR_SMTP_URL
-- is set it is also an e-mail, sent after the write commits: mail_status is 'due' until it
-- is 'sent' or given up ('failed'), mail_attempts counts the tries, and mail_after (epoch
-- seconds) is when the next try may start; a server sending it moves mail_after on first,
-- so two servers never send one notification twice. 'none': no e-mail was due.
CREATE TABLE notifications (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    contact_request_id BIGINT NOT NULL REFERENCES contact_requests (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    read_at TEXT,
    mail_status TEXT NOT NULL DEFAULT 'none' CHECK (mail_status IN ('none', 'due', 'sent', 'failed')),
    mail_attempts BIGINT NOT NULL DEFAULT 0,
    mail_after BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX notifications_user ON notifications (user_id, id);
CREATE INDEX notifications_mail ON notifications (mail_status, mail_after);
