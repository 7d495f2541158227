import { X } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { SEARCH_DEBOUNCE_MS } from '@/components/ui/table';
import type { OfferingType, PropertyStatus } from '@/generated/types';
import { useArabicFirst } from '@/lib/bilingual';
import { useFormat } from '@/lib/format';
import { vocabulary } from '@/lib/rules';
import { cn } from '@/lib/utils';
import { statusLabel } from './listing-text';
import { feedPortals, portals, usePortalName } from './portal-names';
import { readRange, type FilterTexts } from './search-filters-address';

/** The 'at least' choices of the bedrooms filter, as property portals offer them. */
const BEDROOM_CHOICES = [1, 2, 3, 4, 5];

interface Range {
  min: string;
  max: string;
}

const sameRange = (a: Range, b: Range) => a.min === b.min && a.max === b.max;
const NO_RANGE: Range = { min: '', max: '' };

/**
 * A range as typed, told to `onCommit` once typing pauses and only when the server would take
 * it; what it cannot take shows its problem instead. As the search box does, a range changed
 * from outside (the back button, 'Clear filters') shows, but the address catching up with what
 * was sent never overwrites what was typed meanwhile.
 */
function useRangeDraft(committed: Range, onCommit: (range: Range) => void) {
  const [typed, setTyped] = useState(committed);
  // What was last checked (its problem is the one shown) and what was last sent or taken from outside.
  const [checked, setChecked] = useState(committed);
  const [sent, setSent] = useState(committed);
  const [shown, setShown] = useState(committed);
  if (!sameRange(committed, shown)) {
    setShown(committed);
    if (!sameRange(committed, sent)) {
      setSent(committed);
      setTyped(committed);
      setChecked(committed);
    }
  }
  useEffect(() => {
    if (sameRange(typed, checked)) return undefined;
    const timer = setTimeout(() => {
      setChecked(typed);
      if (readRange(typed.min, typed.max).problem !== undefined || sameRange(typed, sent)) return;
      setSent(typed);
      onCommit(typed);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed, checked, sent, onCommit]);
  const reset = () => {
    setTyped(NO_RANGE);
    setChecked(NO_RANGE);
  };
  return { typed, setTyped, problem: readRange(checked.min, checked.max).problem, reset };
}

type RangeDraft = ReturnType<typeof useRangeDraft>;

/** A labelled pair of number inputs, 'Min' and 'Max', with the range's problem under them. */
function RangeFields({ label, minLabel, maxLabel, draft }: { label: string; minLabel: string; maxLabel: string; draft: RangeDraft }) {
  const { t } = useTranslation('properties');
  const errorId = useId();
  const invalid = draft.problem !== undefined;
  const field = (side: keyof Range, name: string) => (
    <Input
      type="number"
      inputMode="decimal"
      min={0}
      step="any"
      aria-label={name}
      placeholder={t(`filters.${side}`)}
      aria-invalid={invalid}
      aria-describedby={invalid ? errorId : undefined}
      value={draft.typed[side]}
      onChange={(event) => {
        draft.setTyped({ ...draft.typed, [side]: event.target.value });
      }}
      className="h-9 w-28"
    />
  );
  return (
    <fieldset className="grid gap-1.5">
      <legend className={cn('mb-1.5 text-sm leading-none font-medium', invalid && 'text-destructive')}>{label}</legend>
      <div className="flex items-center gap-1.5">
        {field('min', minLabel)}
        <span aria-hidden className="text-muted-foreground">
          –
        </span>
        {field('max', maxLabel)}
      </div>
      {draft.problem !== undefined && (
        <p id={errorId} className="max-w-60 text-sm font-medium text-destructive">
          {t(`filters.${draft.problem}`)}
        </p>
      )}
    </fieldset>
  );
}

/** A labelled choice of one value, 'Any' (no filter) first. */
function ChoiceFilter({
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="mb-1.5">
        {label}
      </Label>
      <Select
        id={id}
        className="h-9 w-auto min-w-28"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

export interface SearchFiltersProps {
  /** The filters as the address holds them. */
  texts: FilterTexts;
  /** Whether the address holds any of them. */
  active: boolean;
  onFiltersChange: (changes: Partial<FilterTexts>, typed?: boolean) => void;
  onClear: () => void;
}

/**
 * The list's status and offering (issue 39), price range, area range and 'bedrooms at least'
 * (issue 38), the portal the listings are published to and the one they are blocked on
 * (issue 41). A range is checked in the browser (numbers from 0, the minimum not above the
 * maximum) and sent only when good.
 */
export function SearchFilters({ texts, active, onFiltersChange, onClear }: SearchFiltersProps) {
  const { t } = useTranslation('properties');
  const f = useFormat();
  const arabicFirst = useArabicFirst();
  const portalName = usePortalName();
  const bedroomsId = useId();
  const commitPrice = useCallback(
    (range: Range) => {
      onFiltersChange({ minPrice: range.min, maxPrice: range.max }, true);
    },
    [onFiltersChange],
  );
  const commitArea = useCallback(
    (range: Range) => {
      onFiltersChange({ minArea: range.min, maxArea: range.max }, true);
    },
    [onFiltersChange],
  );
  const price = useRangeDraft({ min: texts.minPrice, max: texts.maxPrice }, commitPrice);
  const area = useRangeDraft({ min: texts.minArea, max: texts.maxArea }, commitArea);
  const typed = [price.typed, area.typed].some((range) => range.min !== '' || range.max !== '');
  const bedrooms = Number(texts.bedrooms);
  const bedroomChoices =
    texts.bedrooms === '' || BEDROOM_CHOICES.includes(bedrooms) || !Number.isInteger(bedrooms) || bedrooms < 1
      ? BEDROOM_CHOICES
      : [...BEDROOM_CHOICES, bedrooms];
  return (
    <div role="group" aria-label={t('filters.label')} className="flex flex-wrap items-start gap-x-6 gap-y-3">
      <ChoiceFilter
        label={t('filters.status')}
        anyLabel={t('filters.anyStatus')}
        value={texts.status}
        options={vocabulary('propertyStatuses').map((term) => ({
          value: term.value,
          label: statusLabel(term.value as PropertyStatus, arabicFirst),
        }))}
        onChange={(status) => {
          onFiltersChange({ status });
        }}
      />
      <ChoiceFilter
        label={t('filters.offering')}
        anyLabel={t('filters.anyOffering')}
        value={texts.offeringType}
        options={vocabulary('offeringTypes').map((term) => ({
          value: term.value,
          label: t(`offering.${term.value as OfferingType}`),
        }))}
        onChange={(offeringType) => {
          onFiltersChange({ offeringType });
        }}
      />
      <RangeFields label={t('filters.price')} minLabel={t('filters.minPrice')} maxLabel={t('filters.maxPrice')} draft={price} />
      <RangeFields label={t('filters.area')} minLabel={t('filters.minArea')} maxLabel={t('filters.maxArea')} draft={area} />
      <div className="grid gap-1.5">
        <Label htmlFor={bedroomsId} className="mb-1.5">
          {t('filters.bedrooms')}
        </Label>
        <Select
          id={bedroomsId}
          className="h-9 w-28"
          value={texts.bedrooms}
          onChange={(event) => {
            onFiltersChange({ bedrooms: event.target.value });
          }}
        >
          <option value="">{t('filters.anyBedrooms')}</option>
          {bedroomChoices.map((count) => (
            <option key={count} value={String(count)}>
              {t('filters.atLeast', { rooms: f.number(count) })}
            </option>
          ))}
        </Select>
      </div>
      <ChoiceFilter
        label={t('filters.publishTo')}
        anyLabel={t('filters.anyPortal')}
        value={texts.publishTo}
        options={portals().map((portal) => ({ value: portal, label: portalName(portal) }))}
        onChange={(publishTo) => {
          onFiltersChange({ publishTo });
        }}
      />
      <ChoiceFilter
        label={t('filters.blockedFor')}
        anyLabel={t('filters.anyBlocking')}
        value={texts.blockedFor}
        options={feedPortals().map((portal) => ({ value: portal, label: portalName(portal) }))}
        onChange={(blockedFor) => {
          onFiltersChange({ blockedFor });
        }}
      />
      {(active || typed) && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="self-end"
          onClick={() => {
            price.reset();
            area.reset();
            onClear();
          }}
        >
          <X aria-hidden />
          {t('filters.clear')}
        </Button>
      )}
    </div>
  );
}
