import { useState } from 'react';
import type { PortalMappingRow } from '@/generated/types';

type RowKey = Pick<PortalMappingRow, 'kind' | 'recordId'>;

function keyOf({ kind, recordId }: RowKey): string {
  return `${kind}:${String(recordId)}`;
}

function without(entries: Record<string, string>, key: string): Record<string, string> {
  if (!(key in entries)) return entries;
  return Object.fromEntries(Object.entries(entries).filter(([other]) => other !== key));
}

/**
 * What the person typed into each row and each row's refusal, keyed by the record the row
 * maps rather than by its place in the list: saving one row, or reading the list again
 * (which sorts a newly mapped row down), neither loses nor moves another row's typing.
 */
export function useMappingDrafts() {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    /** The row's value as shown: the typed draft, else the saved word. */
    valueOf: (row: PortalMappingRow): string => drafts[keyOf(row)] ?? row.value ?? '',
    /** Whether the row holds typing not yet saved. */
    isEdited: (row: PortalMappingRow): boolean => {
      const draft = drafts[keyOf(row)];
      return draft !== undefined && draft !== (row.value ?? '');
    },
    errorOf: (row: RowKey): string | undefined => errors[keyOf(row)],
    edit: (row: RowKey, value: string) => {
      setDrafts((current) => ({ ...current, [keyOf(row)]: value }));
      setErrors((current) => without(current, keyOf(row)));
    },
    /** The row's draft is now its saved word. */
    saved: (row: RowKey) => {
      setDrafts((current) => without(current, keyOf(row)));
      setErrors((current) => without(current, keyOf(row)));
    },
    failed: (row: RowKey, message: string) => {
      setErrors((current) => ({ ...current, [keyOf(row)]: message }));
    },
  };
}

export type MappingDrafts = ReturnType<typeof useMappingDrafts>;
