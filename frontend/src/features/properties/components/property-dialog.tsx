import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogFrame, useCloseFormDialog } from '@/components/form-dialog';
import { Spinner } from '@/components/ui/spinner';
import { RecordHistory } from '@/features/history';
import type { Property } from '../api/get-properties';

// The form and what it alone uses (react-hook-form, the location pickers, the tabs) load when
// a dialog first opens: imported with the list, they came before its rows on a first visit.
const PropertyForm = lazy(() => import('./property-form').then((module) => ({ default: module.PropertyForm })));

/** Closed, adding (`property: null`) or editing a property. */
export type PropertyDialogState = { property: Property | null } | null;

function PropertyDialogBody({ property, onClose }: { property: Property | null; onClose: () => void }) {
  const { t } = useTranslation('properties');
  const [dirty, setDirty] = useState(false);
  const close = useCloseFormDialog();
  return (
    <FormDialogFrame
      title={property === null ? t('add') : t('editTitle')}
      description={property === null ? t('addDescription') : t('editDescription')}
      unsaved={dirty}
      history={property !== null && <RecordHistory entity="property" id={property.id} />}
    >
      <Suspense fallback={<Spinner label={t('common.loading', { ns: 'translation' })} className="m-8" />}>
        <PropertyForm
          {...(property === null ? {} : { property })}
          onSaved={onClose}
          onCancel={close}
          onDirtyChange={setDirty}
        />
      </Suspense>
    </FormDialogFrame>
  );
}

/**
 * The add and edit dialog of the properties list (core-panel §2): the property form, with
 * 'Edit Property' or the add label as title. Closing it with unsaved changes asks first.
 */
export function PropertyDialog({ state, onClose }: { state: PropertyDialogState; onClose: () => void }) {
  return (
    <FormDialog open={state !== null} onClose={onClose}>
      {state !== null && <PropertyDialogBody property={state.property} onClose={onClose} />}
    </FormDialog>
  );
}
