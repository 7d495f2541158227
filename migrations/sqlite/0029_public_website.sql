-- The public website (issue 40) keeps each rendered page with the revisions it read: the
-- listings' ('properties', migration 0008) and, new here, the site content's ('site'),
-- bumped by triggers on every write to a table its pages show, in the writing transaction.
-- And the agency's colour for its site.
INSERT INTO revisions (name, value) VALUES ('site', 0);

CREATE TRIGGER settings_site_insert AFTER INSERT ON settings FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER settings_site_update AFTER UPDATE ON settings FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER settings_site_delete AFTER DELETE ON settings FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER team_members_site_insert AFTER INSERT ON team_members FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER team_members_site_update AFTER UPDATE ON team_members FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER team_members_site_delete AFTER DELETE ON team_members FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER services_site_insert AFTER INSERT ON services FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER services_site_update AFTER UPDATE ON services FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER services_site_delete AFTER DELETE ON services FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER process_steps_site_insert AFTER INSERT ON process_steps FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER process_steps_site_update AFTER UPDATE ON process_steps FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER process_steps_site_delete AFTER DELETE ON process_steps FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER testimonials_site_insert AFTER INSERT ON testimonials FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER testimonials_site_update AFTER UPDATE ON testimonials FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER testimonials_site_delete AFTER DELETE ON testimonials FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER hero_images_site_insert AFTER INSERT ON hero_images FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER hero_images_site_update AFTER UPDATE ON hero_images FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER hero_images_site_delete AFTER DELETE ON hero_images FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER about_sections_site_insert AFTER INSERT ON about_sections FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER about_sections_site_update AFTER UPDATE ON about_sections FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER about_sections_site_delete AFTER DELETE ON about_sections FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER company_values_site_insert AFTER INSERT ON company_values FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER company_values_site_update AFTER UPDATE ON company_values FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER company_values_site_delete AFTER DELETE ON company_values FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER values_section_settings_site_insert AFTER INSERT ON values_section_settings FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER values_section_settings_site_update AFTER UPDATE ON values_section_settings FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;
CREATE TRIGGER values_section_settings_site_delete AFTER DELETE ON values_section_settings FOR EACH ROW BEGIN
    UPDATE revisions SET value = value + 1 WHERE name = 'site';
END;

ALTER TABLE settings ADD COLUMN primary_color TEXT;
