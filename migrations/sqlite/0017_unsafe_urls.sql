-- Issue 21, item 5: URL fields held `javascript:`, `data:text/html`, `data:image/svg+xml`
-- and anything else, and the public API published them. The rules now refuse them on every
-- write; this clears what was stored before, so no reader is ever served one. A link keeps
-- http(s) addresses and /media/ references; an image field also keeps base64 raster data
-- URLs. A value cleared here is gone: it could not have been shown safely.

UPDATE properties SET video_url = NULL
WHERE video_url IS NOT NULL
  AND lower(video_url) NOT LIKE 'https://%' AND lower(video_url) NOT LIKE 'http://%' AND video_url NOT LIKE '/media/%';

UPDATE properties SET virtual_tour_url = NULL
WHERE virtual_tour_url IS NOT NULL
  AND lower(virtual_tour_url) NOT LIKE 'https://%' AND lower(virtual_tour_url) NOT LIKE 'http://%' AND virtual_tour_url NOT LIKE '/media/%';

DELETE FROM property_images
WHERE lower(reference) NOT LIKE 'https://%' AND lower(reference) NOT LIKE 'http://%' AND reference NOT LIKE '/media/%' AND lower(reference) NOT LIKE 'data:image/png;base64,%' AND lower(reference) NOT LIKE 'data:image/jpeg;base64,%' AND lower(reference) NOT LIKE 'data:image/webp;base64,%' AND lower(reference) NOT LIKE 'data:image/gif;base64,%';

UPDATE categories SET image_url = NULL
WHERE image_url IS NOT NULL
  AND lower(image_url) NOT LIKE 'https://%' AND lower(image_url) NOT LIKE 'http://%' AND image_url NOT LIKE '/media/%' AND lower(image_url) NOT LIKE 'data:image/png;base64,%' AND lower(image_url) NOT LIKE 'data:image/jpeg;base64,%' AND lower(image_url) NOT LIKE 'data:image/webp;base64,%' AND lower(image_url) NOT LIKE 'data:image/gif;base64,%';

UPDATE settings SET company_logo = NULL
WHERE company_logo IS NOT NULL
  AND lower(company_logo) NOT LIKE 'https://%' AND lower(company_logo) NOT LIKE 'http://%' AND company_logo NOT LIKE '/media/%' AND lower(company_logo) NOT LIKE 'data:image/png;base64,%' AND lower(company_logo) NOT LIKE 'data:image/jpeg;base64,%' AND lower(company_logo) NOT LIKE 'data:image/webp;base64,%' AND lower(company_logo) NOT LIKE 'data:image/gif;base64,%';

UPDATE team_members SET image_url = NULL
WHERE image_url IS NOT NULL
  AND lower(image_url) NOT LIKE 'https://%' AND lower(image_url) NOT LIKE 'http://%' AND image_url NOT LIKE '/media/%' AND lower(image_url) NOT LIKE 'data:image/png;base64,%' AND lower(image_url) NOT LIKE 'data:image/jpeg;base64,%' AND lower(image_url) NOT LIKE 'data:image/webp;base64,%' AND lower(image_url) NOT LIKE 'data:image/gif;base64,%';

UPDATE team_members SET linkedin = NULL
WHERE linkedin IS NOT NULL
  AND lower(linkedin) NOT LIKE 'https://%' AND lower(linkedin) NOT LIKE 'http://%' AND linkedin NOT LIKE '/media/%';

UPDATE team_members SET twitter = NULL
WHERE twitter IS NOT NULL
  AND lower(twitter) NOT LIKE 'https://%' AND lower(twitter) NOT LIKE 'http://%' AND twitter NOT LIKE '/media/%';

UPDATE testimonials SET client_image = NULL
WHERE client_image IS NOT NULL
  AND lower(client_image) NOT LIKE 'https://%' AND lower(client_image) NOT LIKE 'http://%' AND client_image NOT LIKE '/media/%' AND lower(client_image) NOT LIKE 'data:image/png;base64,%' AND lower(client_image) NOT LIKE 'data:image/jpeg;base64,%' AND lower(client_image) NOT LIKE 'data:image/webp;base64,%' AND lower(client_image) NOT LIKE 'data:image/gif;base64,%';

UPDATE hero_images SET image_url = NULL
WHERE image_url IS NOT NULL
  AND lower(image_url) NOT LIKE 'https://%' AND lower(image_url) NOT LIKE 'http://%' AND image_url NOT LIKE '/media/%';

UPDATE hero_images SET image_data = NULL
WHERE image_data IS NOT NULL
  AND lower(image_data) NOT LIKE 'https://%' AND lower(image_data) NOT LIKE 'http://%' AND image_data NOT LIKE '/media/%' AND lower(image_data) NOT LIKE 'data:image/png;base64,%' AND lower(image_data) NOT LIKE 'data:image/jpeg;base64,%' AND lower(image_data) NOT LIKE 'data:image/webp;base64,%' AND lower(image_data) NOT LIKE 'data:image/gif;base64,%';

UPDATE about_sections SET image_url = NULL
WHERE image_url IS NOT NULL
  AND lower(image_url) NOT LIKE 'https://%' AND lower(image_url) NOT LIKE 'http://%' AND image_url NOT LIKE '/media/%';

UPDATE about_sections SET image_data = NULL
WHERE image_data IS NOT NULL
  AND lower(image_data) NOT LIKE 'https://%' AND lower(image_data) NOT LIKE 'http://%' AND image_data NOT LIKE '/media/%' AND lower(image_data) NOT LIKE 'data:image/png;base64,%' AND lower(image_data) NOT LIKE 'data:image/jpeg;base64,%' AND lower(image_data) NOT LIKE 'data:image/webp;base64,%' AND lower(image_data) NOT LIKE 'data:image/gif;base64,%';

UPDATE company_values SET image_url = NULL
WHERE image_url IS NOT NULL
  AND lower(image_url) NOT LIKE 'https://%' AND lower(image_url) NOT LIKE 'http://%' AND image_url NOT LIKE '/media/%';

UPDATE company_values SET image_data = NULL
WHERE image_data IS NOT NULL
  AND lower(image_data) NOT LIKE 'https://%' AND lower(image_data) NOT LIKE 'http://%' AND image_data NOT LIKE '/media/%' AND lower(image_data) NOT LIKE 'data:image/png;base64,%' AND lower(image_data) NOT LIKE 'data:image/jpeg;base64,%' AND lower(image_data) NOT LIKE 'data:image/webp;base64,%' AND lower(image_data) NOT LIKE 'data:image/gif;base64,%';
