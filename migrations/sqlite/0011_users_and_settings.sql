-- User management (site-content.md §3, issue 10): usernames are unique whatever their case.
CREATE UNIQUE INDEX users_username_folded ON users (lower(username));

-- Company settings (core-panel.md §3): one row, id 1, written on the first save and updated
-- in place. The logo is a /media reference; statistics are text.
CREATE TABLE settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    company_name TEXT NOT NULL,
    company_name_en TEXT,
    company_name_ar TEXT,
    company_logo TEXT,
    company_description TEXT,
    contact_email TEXT,
    contact_phone TEXT,
    address TEXT,
    stat_properties TEXT,
    stat_properties_label TEXT,
    stat_properties_label_en TEXT,
    stat_properties_label_ar TEXT,
    stat_continents TEXT,
    stat_continents_label TEXT,
    stat_continents_label_en TEXT,
    stat_continents_label_ar TEXT,
    stat_clients TEXT,
    stat_clients_label TEXT,
    stat_clients_label_en TEXT,
    stat_clients_label_ar TEXT,
    stat_experience TEXT,
    stat_experience_label TEXT,
    stat_experience_label_en TEXT,
    stat_experience_label_ar TEXT,
    updated_at TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
);
