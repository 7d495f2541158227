/** A recorded value as one line of text: empty for none, lists joined, objects as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  return JSON.stringify(value);
}

const LANGUAGE_SUFFIX = /(En|Ar)$/;

/**
 * A camelCase field name read as words, its language suffix spelled out:
 * 'nameEn' → 'Name (English)', 'featureIds' → 'Feature ids'.
 */
export function fieldName(field: string, languages: { En: string; Ar: string }): string {
  const suffix = LANGUAGE_SUFFIX.exec(field)?.[1] as 'En' | 'Ar' | undefined;
  const base = suffix === undefined ? field : field.slice(0, -suffix.length);
  const words = base.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const name = words.charAt(0).toUpperCase() + words.slice(1);
  return suffix === undefined ? name : `${name} (${languages[suffix]})`;
}
