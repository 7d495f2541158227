import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { FeedPortal, OfferingType, Portal, PropertyStatus } from '@/generated/types';
import { coerceOptionalInteger, coerceOptionalNumber, vocabulary, type VocabularyName } from '@/lib/rules';
import type { PropertySearchFilters } from '../api/get-properties';

/** The filters the list shows above its table, by their names in the address and the API. */
export const SHOWN_FILTERS = [
  'status',
  'offeringType',
  'minPrice',
  'maxPrice',
  'minArea',
  'maxArea',
  'bedrooms',
  'publishTo',
  'blockedFor',
] as const;

export type ShownFilter = (typeof SHOWN_FILTERS)[number];

/** Each shown filter as the address spells it; empty when absent. */
export type FilterTexts = Record<ShownFilter, string>;

/** Why a typed range is not sent: a bound that is no number from 0, or a low end above the high one. */
export type RangeProblem = 'notAmount' | 'minAboveMax';

export interface ReadRange {
  min?: number;
  max?: number;
  problem?: RangeProblem;
}

/** A bound as typed: none when empty, the number (read by the rules) when it is one from 0. */
function amount(text: string): number | null | 'notAmount' {
  if (text.trim() === '') return null;
  const value = coerceOptionalNumber(text);
  return value === null || value < 0 ? 'notAmount' : value;
}

/** A range as typed, read as the server reads it; with its problem the server would refuse it for. */
export function readRange(minText: string, maxText: string): ReadRange {
  const min = amount(minText);
  const max = amount(maxText);
  if (min === 'notAmount' || max === 'notAmount') return { problem: 'notAmount' };
  if (min !== null && max !== null && min > max) return { problem: 'minAboveMax' };
  return { ...(min === null ? {} : { min }), ...(max === null ? {} : { max }) };
}

/** 'At least N rooms' from the address: a whole number from 1, else no filter. */
function roomsFrom(text: string): number | undefined {
  const rooms = coerceOptionalInteger(text);
  return rooms !== null && rooms >= 1 && String(rooms) === text.trim() ? rooms : undefined;
}

/** A value of one of the rules' vocabularies from the address, else no filter. */
function termFrom(name: VocabularyName, text: string): string | undefined {
  return vocabulary(name).some((term) => term.value === text) ? text : undefined;
}

/**
 * The filters the list is asked for: each range only when the server would take it, so a
 * hand-edited address with its low end above its high end asks for no bad page; a status,
 * offering or portal only when the rules know it.
 */
export function searchFiltersFrom(texts: FilterTexts): PropertySearchFilters {
  const price = readRange(texts.minPrice, texts.maxPrice);
  const area = readRange(texts.minArea, texts.maxArea);
  const bedrooms = roomsFrom(texts.bedrooms);
  const status = termFrom('propertyStatuses', texts.status) as PropertyStatus | undefined;
  const offeringType = termFrom('offeringTypes', texts.offeringType) as OfferingType | undefined;
  const publishTo = termFrom('portals', texts.publishTo) as Portal | undefined;
  const blockedFor = termFrom('feedPortals', texts.blockedFor) as FeedPortal | undefined;
  const filters: PropertySearchFilters = {
    ...(status === undefined ? {} : { status }),
    ...(offeringType === undefined ? {} : { offeringType }),
    ...(publishTo === undefined ? {} : { publishTo }),
    ...(blockedFor === undefined ? {} : { blockedFor }),
    ...(price.min === undefined ? {} : { minPrice: price.min }),
    ...(price.max === undefined ? {} : { maxPrice: price.max }),
    ...(area.min === undefined ? {} : { minArea: area.min }),
    ...(area.max === undefined ? {} : { maxArea: area.max }),
    ...(bedrooms === undefined ? {} : { bedrooms }),
  };
  return filters;
}

/**
 * The list's status, offering, price, area, bedroom and portal filters, kept in the address beside its page, search
 * and order (see `useListAddress`): a change starts at the first page. Typing that only
 * changes filters already set replaces the history entry rather than adding one per pause.
 */
export function useSearchFiltersAddress() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const texts = Object.fromEntries(SHOWN_FILTERS.map((name) => [name, params.get(name) ?? ''])) as FilterTexts;
  const filters = searchFiltersFrom(texts);
  const active = SHOWN_FILTERS.some((name) => texts[name] !== '');

  const onFiltersChange = useCallback(
    (changes: Partial<FilterTexts>, typed = false) => {
      const next = new URLSearchParams(search);
      const entries = Object.entries(changes);
      const set = (name: string) => next.get(name) !== null;
      const refining =
        typed && entries.some(([name]) => set(name)) && entries.every(([name, value]) => set(name) === (value !== ''));
      next.delete('page');
      for (const [name, value] of entries) {
        if (value === '') next.delete(name);
        else next.set(name, value.trim());
      }
      const text = next.toString();
      void navigate({ search: text === '' ? '' : `?${text}` }, { replace: refining });
    },
    [search, navigate],
  );
  const onClear = useCallback(() => {
    onFiltersChange(Object.fromEntries(SHOWN_FILTERS.map((name) => [name, ''])));
  }, [onFiltersChange]);

  return { texts, filters, active, onFiltersChange, onClear };
}
