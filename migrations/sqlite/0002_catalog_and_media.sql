-- The catalog a listing points at (core-panel.md §3, site-content.md §3) and the media store
-- (the contract: uploads kept in the database, content-addressed).
CREATE TABLE categories (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name_en TEXT NOT NULL,
    name_ar TEXT NOT NULL,
    description_en TEXT,
    description_ar TEXT,
    image_url TEXT, -- a /media/{sha256}.{ext} reference or an outside URL, never inline data
    created_at TEXT NOT NULL
);

CREATE TABLE property_types (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name_en TEXT NOT NULL,
    name_ar TEXT NOT NULL,
    description_en TEXT,
    description_ar TEXT,
    created_at TEXT NOT NULL
);

CREATE TABLE countries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name_en TEXT NOT NULL,
    name_ar TEXT NOT NULL,
    code TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);

-- RESTRICT: a country or city still in use is refused, never silently cascaded away.
CREATE TABLE cities (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name_en TEXT NOT NULL,
    name_ar TEXT NOT NULL,
    country_id INTEGER NOT NULL REFERENCES countries (id) ON DELETE RESTRICT,
    created_at TEXT NOT NULL
);
CREATE INDEX cities_country_id ON cities (country_id);

CREATE TABLE regions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name_en TEXT NOT NULL,
    name_ar TEXT NOT NULL,
    city_id INTEGER NOT NULL REFERENCES cities (id) ON DELETE RESTRICT,
    created_at TEXT NOT NULL
);
CREATE INDEX regions_city_id ON regions (city_id);

CREATE TABLE property_features (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name_en TEXT NOT NULL,
    name_ar TEXT NOT NULL,
    icon TEXT NOT NULL,
    category TEXT NOT NULL, -- luxury, amenities or general
    is_active INTEGER NOT NULL DEFAULT 1, -- a boolean: sqlx's Any driver reads SQLite booleans only as integers
    display_order INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- One row per distinct file: the key is the SHA-256 of the bytes, so the same image
-- uploaded twice is stored once and its /media path never changes meaning.
CREATE TABLE media (
    sha256 TEXT PRIMARY KEY,
    content_type TEXT NOT NULL,
    bytes BLOB NOT NULL,
    size INTEGER NOT NULL,
    created_at TEXT NOT NULL
);
