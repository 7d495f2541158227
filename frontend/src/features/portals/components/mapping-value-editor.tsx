import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { MappingPortal, PortalMappingRow } from '@/generated/types';
import { portalTypeLabel, portalTypes, takesPortalType } from './portal-terms';

export interface MappingValueEditorProps {
  portal: MappingPortal;
  row: PortalMappingRow;
  /** The value shown: the person's draft, else the saved word. */
  value: string;
  /** The server's refusal of the last save, shown under the control. */
  error: string | undefined;
  /** The control's name for assistive technology: which record it maps. */
  label: string;
  onChange: (value: string) => void;
  /** Enter in the text box saves, as a form would. */
  onEnter: () => void;
}

/**
 * The portal's word for one record: one of the portal's property types for a category or a
 * type, free text for a place; with the server's suggestion a click away while it differs.
 */
export function MappingValueEditor({ portal, row, value, error, label, onChange, onEnter }: MappingValueEditorProps) {
  const { t } = useTranslation('portals');
  const errorId = `${useId()}-error`;
  const invalid = error !== undefined;
  const describedBy = invalid ? errorId : undefined;
  const typed = takesPortalType(row.kind);
  const terms = typed ? portalTypes(portal) : [];
  const termOf = (word: string) => terms.find((term) => term.value === word);
  const suggested = termOf(row.suggestion ?? '');
  const suggestionText = suggested === undefined ? row.suggestion : portalTypeLabel(suggested);

  const control = typed ? (
    <Select
      aria-label={label}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    >
      <option value="">{t('mappings.chooseType')}</option>
      {/* A word saved before the list changed stays visible, so it is not silently replaced. */}
      {value !== '' && termOf(value) === undefined && <option value={value}>{value}</option>}
      {terms.map((term) => (
        <option key={term.value} value={term.value}>
          {portalTypeLabel(term)}
        </option>
      ))}
    </Select>
  ) : (
    <Input
      dir="auto"
      aria-label={label}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onEnter();
        }
      }}
    />
  );

  return (
    <div className="grid min-w-52 gap-1">
      {control}
      {row.suggestion != null && row.suggestion !== value && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto justify-start px-0"
          onClick={() => {
            onChange(row.suggestion ?? '');
          }}
        >
          {t('mappings.useSuggestion', { suggestion: suggestionText })}
        </Button>
      )}
      {invalid && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
