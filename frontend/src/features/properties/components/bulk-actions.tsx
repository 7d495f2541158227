import { Archive, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkBar, useBulkSummary } from '@/components/bulk-bar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/select';
import { selectedCount, selectionRequest, type SelectableRow, type Selection, type SelectionAction } from '@/components/ui/table';
import type { OfferingType, PropertyBulkAction, PropertyFilter, PropertyStatus } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/api-client';
import { pickText, useArabicFirst } from '@/lib/bilingual';
import { vocabulary } from '@/lib/rules';
import { useBulkProperties } from '../api/bulk-properties';
import { useExportSelection } from '../api/export-properties';
import { useFormCategories } from '../api/form-catalogs';
import { ExportMenu } from './export-menu';
import { statusLabel } from './listing-text';
import { portals, usePortalName } from './portal-names';

export interface PropertyBulkActionsProps {
  selection: Selection;
  dispatch: (action: SelectionAction) => void;
  page: readonly SelectableRow[];
  total: number;
  /** The list's search and filters, for 'all matching'. */
  filter: PropertyFilter;
}

/** Off the market but kept (issue 39): what 'Archive' sets. */
const ARCHIVED: PropertyStatus = 'archived';

/** A choice from a list and the button that applies it: choosing alone changes nothing. */
function ChooseAndApply({
  label,
  placeholder,
  options,
  disabled,
  onApply,
}: {
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  disabled: boolean;
  onApply: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <div className="flex items-center gap-1">
      <Select
        aria-label={label}
        className="h-9 w-auto"
        value={value}
        disabled={disabled}
        onChange={(event) => {
          setValue(event.target.value);
        }}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || value === ''}
        aria-label={`${label}: ${t('bulk.apply')}`}
        onClick={() => {
          onApply(value);
          setValue('');
        }}
      >
        {t('bulk.apply')}
      </Button>
    </div>
  );
}

/**
 * The properties list's bulk actions: set status, archive, set sale or rent, set or clear
 * featured, set category, add to or remove from a portal, export, move to trash. Listings a change would leave breaking a
 * rule (sold on a rental, active without its permit) are skipped by the server and counted
 * in the summary with its reason.
 */
export function PropertyBulkActions({ selection, dispatch, page, total, filter }: PropertyBulkActionsProps) {
  const { t, i18n } = useTranslation('properties');
  const arabicFirst = useArabicFirst();
  const change = useBulkProperties();
  const exporting = useExportSelection();
  const categories = useFormCategories();
  const portalName = usePortalName();
  const portalOptions = portals().map((portal) => ({ value: portal, label: portalName(portal) }));
  const summary = useBulkSummary();
  const [confirmTrash, setConfirmTrash] = useState(false);
  const count = selectedCount(selection, total);
  const request = selectionRequest(selection, filter);
  const busy = change.isPending;

  const run = (action: PropertyBulkAction, value?: string | number | boolean) => {
    change.mutate(
      { ...request, action, ...(value === undefined ? {} : { value }) },
      {
        onSuccess: (outcome) => {
          const done = action === 'trash' ? 'bulk.trashed' : 'bulk.updated';
          summary(t(done, { count: outcome.changed }), outcome);
          dispatch({ type: 'clear' });
        },
        onError: (error) => {
          toast({ title: t('bulk.failed', { ns: 'translation' }), description: serverMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <BulkBar
      selection={selection}
      dispatch={dispatch}
      page={page}
      total={total}
      working={busy ? t('bulk.working', { ns: 'translation' }) : undefined}
    >
      <ChooseAndApply
        label={t('bulk.setStatus')}
        placeholder={t('bulk.chooseStatus')}
        options={vocabulary('propertyStatuses').map((term) => ({
          value: term.value,
          label: statusLabel(term.value as PropertyStatus, arabicFirst),
        }))}
        disabled={busy}
        onApply={(status) => {
          run('setStatus', status);
        }}
      />
      <ChooseAndApply
        label={t('bulk.setOfferingType')}
        placeholder={t('bulk.chooseOffering')}
        options={vocabulary('offeringTypes').map((term) => ({
          value: term.value,
          label: t(`offering.${term.value as OfferingType}`),
        }))}
        disabled={busy}
        onApply={(offeringType) => {
          run('setOfferingType', offeringType);
        }}
      />
      <ChooseAndApply
        label={t('bulk.setCategory')}
        placeholder={t('bulk.chooseCategory')}
        options={(categories.data ?? []).map((category) => ({
          value: String(category.id),
          label: pickText(arabicFirst, category.nameEn, category.nameAr),
        }))}
        disabled={busy}
        onApply={(id) => {
          run('setCategory', Number(id));
        }}
      />
      <ChooseAndApply
        label={t('bulk.addPortal')}
        placeholder={t('bulk.choosePortal')}
        options={portalOptions}
        disabled={busy}
        onApply={(portal) => {
          run('addPortal', portal);
        }}
      />
      <ChooseAndApply
        label={t('bulk.removePortal')}
        placeholder={t('bulk.choosePortal')}
        options={portalOptions}
        disabled={busy}
        onApply={(portal) => {
          run('removePortal', portal);
        }}
      />
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={() => {
          run('setFeatured', true);
        }}
      >
        {t('bulk.feature')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={() => {
          run('setFeatured', false);
        }}
      >
        {t('bulk.unfeature')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={() => {
          run('setStatus', ARCHIVED);
        }}
      >
        <Archive aria-hidden />
        {t('bulk.archive')}
      </Button>
      <ExportMenu
        busy={exporting.isPending}
        onExport={(format) => {
          const selected = 'filter' in request ? { filter: request.filter } : { ids: request.ids };
          exporting.mutate(
            { format, selection: selected, language: i18n.language },
            {
              onError: (error) => {
                toast({ title: t('export.failed'), description: serverMessage(error), variant: 'destructive' });
              },
            },
          );
        }}
      />
      <Button
        variant="destructive"
        size="sm"
        disabled={busy}
        onClick={() => {
          setConfirmTrash(true);
        }}
      >
        <Trash2 aria-hidden />
        {t('bulk.trash', { ns: 'translation' })}
      </Button>
      <ConfirmDialog
        open={confirmTrash}
        title={t('bulk.confirmTrashTitle', { ns: 'translation' })}
        description={t('bulk.confirmTrash', { count })}
        confirmLabel={t('bulk.trash', { ns: 'translation' })}
        cancelLabel={t('common.cancel', { ns: 'translation' })}
        destructive
        onConfirm={() => {
          setConfirmTrash(false);
          run('trash');
        }}
        onCancel={() => {
          setConfirmTrash(false);
        }}
      />
    </BulkBar>
  );
}
