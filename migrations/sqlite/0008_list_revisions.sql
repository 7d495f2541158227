-- A revision counter per cached answer (the panel's property list): every server keeps its
-- own copy of an answer with the revision it was computed at, and reads the revision (one
-- indexed row) to know whether the copy is current. Triggers bump it on every write to a
-- table the answer reads, in the writing transaction, so no write can skip it.
CREATE TABLE revisions (
    name TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);

INSERT INTO revisions (name, value) VALUES ('properties', 0);

CREATE TRIGGER properties_revision_insert AFTER INSERT ON properties FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER properties_revision_update AFTER UPDATE ON properties FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER properties_revision_delete AFTER DELETE ON properties FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;

CREATE TRIGGER property_images_revision_insert AFTER INSERT ON property_images FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER property_images_revision_update AFTER UPDATE ON property_images FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER property_images_revision_delete AFTER DELETE ON property_images FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;

CREATE TRIGGER categories_revision_insert AFTER INSERT ON categories FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER categories_revision_update AFTER UPDATE ON categories FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER categories_revision_delete AFTER DELETE ON categories FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;

CREATE TRIGGER property_types_revision_insert AFTER INSERT ON property_types FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER property_types_revision_update AFTER UPDATE ON property_types FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
CREATE TRIGGER property_types_revision_delete AFTER DELETE ON property_types FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
END;
