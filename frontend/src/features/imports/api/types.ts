// The import API's shapes as agreed for issue 25, until `make types` generates them from the
// server: then this file re-exports the generated types under these names and nothing else
// changes.

/** A column of the file: a field's key, or null to ignore it. */
export type ColumnChoice = string | null;

/** A field a column may fill, in the user's language. */
export interface ImportField {
  key: string;
  label: string;
  required: boolean;
}

/** `POST /api/imports/properties` (201). */
export interface ImportUpload {
  id: number;
  fileName: string;
  rowCount: number;
  columns: string[];
  suggestedMapping: ColumnChoice[];
  sampleRows: string[][];
  fields: ImportField[];
}

export type ImportMode = 'create' | 'create-or-update';

/** `PUT /api/imports/{id}`'s body. */
export interface ImportMapping {
  mapping: ColumnChoice[];
  mode: ImportMode;
  createMissingCatalog: boolean;
}

/** One rejected row's reason; `row` is the spreadsheet's row number (the header is 1). */
export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

/** `PUT /api/imports/{id}` (200): what the import would do. */
export interface ImportCheck {
  valid: number;
  invalid: number;
  willCreate: number;
  willUpdate: number;
  errors: ImportRowError[];
}

export type ImportStatus = 'uploaded' | 'checked' | 'committing' | 'done' | 'failed';

/** `GET /api/imports/{id}`: where an import stands. */
export interface ImportState {
  id: number;
  fileName: string;
  status: ImportStatus;
  mode: ImportMode;
  rowCount: number;
  total: number;
  done: number;
  created: number;
  updated: number;
  invalid: number;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
}
