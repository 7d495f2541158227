// The categories feature's public face: the add-property page and the property forms read
// the same categories.
export { categoriesQueryKey, categoriesQueryOptions, useCategories, type Category } from './api/get-categories';
