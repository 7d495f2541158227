/** The words a recorded value is read with in the interface language. */
export interface ValueWords {
  yes: string;
  no: string;
  /** A password's place: the server records '[not recorded]'. */
  notRecorded: string;
  /** An inline file's place: the server records '[inline file, N characters]'. */
  inlineFile: (length: number) => string;
  /** A coded value's label (a status, a role...); the value itself when it has none. */
  term?: (value: string) => string;
}

const NOT_RECORDED = '[not recorded]';
const INLINE_FILE = /^\[inline file, (\d+) characters\]$/;

function wordsFor(text: string, words: ValueWords): string {
  if (text === NOT_RECORDED) return words.notRecorded;
  const inline = INLINE_FILE.exec(text);
  if (inline !== null) return words.inlineFile(Number(inline[1]));
  return words.term?.(text) ?? text;
}

/**
 * A recorded value as one line of text: empty for none, lists joined, objects as JSON. With
 * `words`, yes/no, the server's placeholders and coded values read in the interface language.
 */
export function valueText(value: unknown, words?: ValueWords): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return words === undefined ? value : wordsFor(value, words);
  if (typeof value === 'boolean' && words !== undefined) return value ? words.yes : words.no;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item) => valueText(item, words)).join(', ');
  return JSON.stringify(value);
}

const LANGUAGE_SUFFIX = /(En|Ar)$/;

/**
 * A camelCase field name read as words, its language suffix spelled out:
 * 'nameEn' → 'Name (English)', 'featureIds' → 'Feature ids'. `names` gives a field's name in
 * the interface language (without its suffix); a field it does not know is read as words.
 */
export function fieldName(
  field: string,
  languages: { En: string; Ar: string },
  names?: (base: string) => string | undefined,
): string {
  const suffix = LANGUAGE_SUFFIX.exec(field)?.[1] as 'En' | 'Ar' | undefined;
  const base = suffix === undefined ? field : field.slice(0, -suffix.length);
  const known = names?.(base);
  const words = base.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const name = known ?? words.charAt(0).toUpperCase() + words.slice(1);
  return suffix === undefined ? name : `${name} (${languages[suffix]})`;
}

/**
 * Who made a change: the user, else the server itself (the trash's purge after its days) or
 * a visitor of the public site (a contact request sent there).
 */
export function whoName(username: string | null | undefined, action: string, words: { visitor: string; server: string }): string {
  return username ?? (action === 'purge' ? words.server : words.visitor);
}
