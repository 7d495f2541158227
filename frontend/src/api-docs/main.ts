// The interactive API reference at /api/docs: Swagger UI over the server's own OpenAPI
// document, bundled here so the binary serves it with no CDN. Its own page and chunk, so
// the panel never loads it.
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#api-reference',
  deepLinking: true,
  // Calls made from the page carry the panel's session cookie, as the panel's own do.
  withCredentials: true,
});
