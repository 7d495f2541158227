-- The About page's sections and the company values with the header of their section
-- (site-content.md §3). Images are `/media` references or outside URLs, never inline data.
CREATE TABLE about_sections (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    section_type TEXT NOT NULL, -- story, mission or values
    title_en TEXT NOT NULL,
    title_ar TEXT NOT NULL,
    subtitle_en TEXT,
    subtitle_ar TEXT,
    content_en TEXT NOT NULL,
    content_ar TEXT NOT NULL,
    icon_class TEXT,
    image_url TEXT,
    image_data TEXT, -- the uploaded image's /media reference
    order_index INTEGER NOT NULL DEFAULT 0,
    is_active INTEGER NOT NULL DEFAULT 1, -- a boolean: sqlx's Any driver reads SQLite booleans only as integers
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX about_sections_order ON about_sections (order_index, id);

CREATE TABLE company_values (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title_en TEXT NOT NULL,
    title_ar TEXT NOT NULL,
    description_en TEXT NOT NULL,
    description_ar TEXT NOT NULL,
    icon_class TEXT NOT NULL DEFAULT 'fas fa-star',
    image_url TEXT,
    image_data TEXT, -- the uploaded image's /media reference
    display_order INTEGER NOT NULL DEFAULT 0,
    is_active INTEGER NOT NULL DEFAULT 1, -- a boolean: sqlx's Any driver reads SQLite booleans only as integers
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX company_values_order ON company_values (display_order, id);

-- One row (id 1), written by the first save; until then the rules' defaults are answered.
CREATE TABLE values_section_settings (
    id INTEGER PRIMARY KEY,
    title_en TEXT NOT NULL,
    title_ar TEXT NOT NULL,
    subtitle_en TEXT NOT NULL,
    subtitle_ar TEXT NOT NULL,
    is_active INTEGER NOT NULL DEFAULT 1, -- a boolean: sqlx's Any driver reads SQLite booleans only as integers
    updated_at TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
);
