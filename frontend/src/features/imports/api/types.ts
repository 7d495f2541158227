// The import API's types, generated from the server (`make types`), under the names the
// wizard gives them.
export type {
  CheckBody as ImportMapping,
  CheckOutcome as ImportCheck,
  Field as ImportField,
  ImportMode,
  ImportState,
  RowError as ImportRowError,
  Uploaded as ImportUpload,
} from '@/generated/types';

/** A column of the file: a field's key, or null to ignore it. */
export type ColumnChoice = string | null;
