-- Scaled copies of stored images (the contract: `/media/{sha256}.{ext}?w=W`), made on the
-- first request for a width and kept beside the original, one row per (file, width).
CREATE TABLE media_variants (
    sha256 TEXT NOT NULL REFERENCES media (sha256) ON DELETE CASCADE,
    width INTEGER NOT NULL, -- the width asked for: 160, 320, 640 or 1280
    content_type TEXT NOT NULL,
    bytes BLOB NOT NULL,
    size INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (sha256, width)
);
