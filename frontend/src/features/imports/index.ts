// The imports feature's public face: the properties list links to the wizard and filters
// by the import in its address.
export { IMPORT_PATH, importIdFrom, importedListingsPath } from './paths';
