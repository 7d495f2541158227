// Listings for the browser tests of the property screens: a small catalog and listings
// created through the API from a signed-in page (its session cookie and its origin).

/// Calls the API from the page and answers status and parsed body.
export function api(page, method, path, body, headers = {}) {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : JSON.parse(text) };
    },
    { method, path, body, headers },
  );
}

/// Creates a record and answers it, failing loudly when the server refuses.
export async function create(page, path, body) {
  const { status, body: answer } = await api(page, 'POST', path, body);
  if (status !== 201 && status !== 200) throw new Error(`POST ${path} answered ${status}: ${JSON.stringify(answer)}`);
  return answer;
}

/// The catalog a listing names: two categories (Investment, Residential), a type, Jordan and Amman.
export async function createCatalog(page) {
  const investment = await create(page, '/api/categories', { nameEn: 'Investment', nameAr: 'استثماري' });
  const residential = await create(page, '/api/categories', { nameEn: 'Residential', nameAr: 'سكني' });
  const villa = await create(page, '/api/property-types', { nameEn: 'Villa', nameAr: 'فيلا' });
  const jordan = await create(page, '/api/countries', { nameEn: 'Jordan', nameAr: 'الأردن', code: 'JO' });
  const amman = await create(page, '/api/cities', { nameEn: 'Amman', nameAr: 'عمّان', countryId: jordan.id });
  return { investment, residential, villa, jordan, amman };
}

/// A comprehensive-form listing of `catalog`, with what `overrides` changes.
export function listing(catalog, overrides = {}) {
  return {
    propertyNumber: null,
    titleEn: 'Villa',
    titleAr: 'فيلا',
    descriptionEn: 'A family home',
    descriptionAr: 'منزل عائلي',
    price: 100000,
    currency: 'JOD',
    area: 200,
    countryId: catalog.jordan.id,
    cityId: catalog.amman.id,
    locationEn: 'Amman, Jordan',
    locationAr: 'عمّان، الأردن',
    continent: 'Asia',
    categoryId: catalog.residential.id,
    typeId: catalog.villa.id,
    status: 'active',
    displayType: 'public',
    isFeatured: false,
    buildingTypeNew: 'Villa',
    images: [],
    ...overrides,
  };
}
