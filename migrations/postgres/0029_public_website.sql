-- The public website (issue 40) keeps each rendered page with the revisions it read: the
-- listings' ('properties', migration 0008) and, new here, the site content's ('site'),
-- bumped by triggers on every write to a table its pages show, in the writing transaction.
-- And the agency's colour for its site.
INSERT INTO revisions (name, value) VALUES ('site', 0);

CREATE FUNCTION bump_site_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
    RETURN NULL;
END;
$$;

CREATE TRIGGER settings_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
    FOR EACH STATEMENT EXECUTE FUNCTION bump_site_revision();
CREATE TRIGGER team_members_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON team_members
    FOR EACH STATEMENT EXECUTE FUNCTION bump_site_revision();
CREATE TRIGGER services_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services
    FOR EACH STATEMENT EXECUTE FUNCTION bump_site_revision();
CREATE TRIGGER process_steps_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON process_steps
    FOR EACH STATEMENT EXECUTE FUNCTION bump_site_revision();
CREATE TRIGGER testimonials_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON testimonials
    FOR EACH STATEMENT EXECUTE FUNCTION bump_site_revision();
CREATE TRIGGER hero_images_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hero_images
    FOR EACH STATEMENT EXECUTE FUNCTION bump_site_revision();
CREATE TRIGGER about_sections_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON about_sections
    FOR EACH STATEMENT EXECUTE FUNCTION bump_site_revision();
CREATE TRIGGER company_values_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_values
    FOR EACH STATEMENT EXECUTE FUNCTION bump_site_revision();
CREATE TRIGGER values_section_settings_site AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON values_section_settings
    FOR EACH STATEMENT EXECUTE FUNCTION bump_site_revision();

ALTER TABLE settings ADD COLUMN primary_color TEXT;
