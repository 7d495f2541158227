import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { parseSort, sortParam, type SortOrder } from '@/components/ui/table';

/** Best match first: an order the server has only while searching (issue 38). */
export const RELEVANCE = 'relevance';

/** The server's default order, which the address leaves out. */
const DEFAULT_ORDER = '-createdAt';

/** Every order the server takes, as `sort` spells it, with its label (the headers choose some of them too). */
const ORDERS = [
  ['-createdAt', 'newest'],
  ['createdAt', 'oldest'],
  ['-updatedAt', 'updated'],
  ['updatedAt', 'updatedOldest'],
  ['price', 'priceLow'],
  ['-price', 'priceHigh'],
  ['titleEn', 'titleAsc'],
  ['-titleEn', 'titleDesc'],
  ['propertyNumber', 'numberAsc'],
  ['-propertyNumber', 'numberDesc'],
  ['status', 'statusAsc'],
  ['-status', 'statusDesc'],
  ['-quality', 'qualityHigh'],
  ['quality', 'qualityLow'],
] as const;

export interface OrderSelectProps {
  /** The order shown; null for the server's default (newest first). */
  sort: SortOrder | null;
  /** Whether the list is searched: only then can it be ordered by relevance. */
  searching: boolean;
  onSortChange: (sort: SortOrder | null) => void;
}

/** 'Sort by': the list's order, Relevance among the choices while a search is typed. */
export function OrderSelect({ sort, searching, onSortChange }: OrderSelectProps) {
  const { t } = useTranslation('properties');
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="mb-1.5">
        {t('sort.label')}
      </Label>
      <Select
        id={id}
        className="h-9 w-auto"
        value={sort === null ? DEFAULT_ORDER : sortParam(sort)}
        onChange={(event) => {
          const value = event.target.value;
          onSortChange(value === DEFAULT_ORDER ? null : parseSort(value));
        }}
      >
        {searching && <option value={RELEVANCE}>{t('sort.relevance')}</option>}
        {ORDERS.map(([value, label]) => (
          <option key={value} value={value}>
            {t(`sort.${label}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}
