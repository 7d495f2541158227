-- Large uploads (videos, up to 200 MB) are kept in parts of `part_size` bytes (1 MiB), one
-- row each, so neither the upload nor a ranged read ever holds the whole file in memory.
-- Their `media` row keeps the type, the size and an empty `bytes`; an image keeps its bytes
-- in `media.bytes` as before and has no parts (`part_size` NULL).
ALTER TABLE media ADD COLUMN part_size INTEGER;

CREATE TABLE media_parts (
    sha256 TEXT NOT NULL REFERENCES media (sha256) ON DELETE CASCADE,
    position INTEGER NOT NULL, -- 0, 1, 2...: part n holds bytes n*part_size .. (n+1)*part_size-1
    bytes BLOB NOT NULL,
    PRIMARY KEY (sha256, position)
);
