-- A revision counter per cached answer (the panel's property list): every server keeps its
-- own copy of an answer with the revision it was computed at, and reads the revision (one
-- indexed row) to know whether the copy is current. Triggers bump it on every write to a
-- table the answer reads, in the writing transaction, so no write can skip it.
CREATE TABLE revisions (
    name TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);

INSERT INTO revisions (name, value) VALUES ('properties', 0);

CREATE FUNCTION bump_properties_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'properties';
    RETURN NULL;
END;
$$;

CREATE TRIGGER properties_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON properties
    FOR EACH STATEMENT EXECUTE FUNCTION bump_properties_revision();
CREATE TRIGGER property_images_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON property_images
    FOR EACH STATEMENT EXECUTE FUNCTION bump_properties_revision();
CREATE TRIGGER categories_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
    FOR EACH STATEMENT EXECUTE FUNCTION bump_properties_revision();
CREATE TRIGGER property_types_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON property_types
    FOR EACH STATEMENT EXECUTE FUNCTION bump_properties_revision();
