import { useEffect, useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RecordHistory } from '@/features/history';
import { useSaveRecord } from '@/hooks/use-save-record';
import type { Draft } from '@/lib/form';
import type { Payloads } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useSectionPaths } from '../sections';
import type { AreaEntity, AreaRecord, AreaView } from './area-view';
import { FormPage } from './form-page';

export interface RecordFormProps<E extends AreaEntity, TRecord extends AreaRecord> {
  view: AreaView<E, TRecord>;
  /** The record being edited; none when adding one. */
  record: TRecord | null;
}

/**
 * Adds or edits one record of a tab on its own page, checked by the rules as it is filled;
 * a failed save says 'Error' with the server's reason or 'Failed to create {thing}'
 * (site-content §8), a conflict offers its choices, and a save leads back to the tab.
 */
export function RecordForm<E extends AreaEntity, TRecord extends AreaRecord>({
  view,
  record,
}: RecordFormProps<E, TRecord>) {
  const { t } = useTranslation('services');
  const navigate = useNavigate();
  const { section, Fields } = view;
  const backTo = useSectionPaths().tab(section);
  const nextOrder = view.area.useNextDisplayOrder();
  const opened = record === null ? { ...view.formValues(null), displayOrder: nextOrder } : view.formValues(record);
  const form = useForm<Draft<Payloads[E]>, unknown, Payloads[E]>({
    resolver: rulesResolver(view.entity),
    // A draft is a DefaultValues; TypeScript cannot see it through the generic payload type.
    defaultValues: opened as DefaultValues<Draft<Payloads[E]>>,
  });
  const [saved, setSaved] = useState(false);
  const { save, pending, conflict } = useSaveRecord({
    record,
    create: view.area.useCreate(),
    update: view.area.useUpdate(),
    fields: view.fields,
    form,
    formValues: view.formValues,
    saved: { created: t(`${section}.toast.created`), updated: t(`${section}.toast.updated`) },
    failed: {
      title: t('error'),
      createFailed: t(`${section}.toast.createFailed`),
      updateFailed: t(`${section}.toast.updateFailed`),
    },
    onDone: () => {
      setSaved(true);
    },
  });

  // Leave once the saved form no longer counts as unsaved (the page's effect has said so
  // before this one runs), so that the way back is not held by the unsaved-changes question.
  useEffect(() => {
    if (saved) void navigate(backTo);
  }, [saved, navigate, backTo]);

  const onSubmit = form.handleSubmit((values) => {
    save(view.toInput(values));
  });

  return (
    <FormPage
      title={record === null ? t(`${section}.addTitle`) : t(`${section}.editTitle`)}
      backTo={backTo}
      backLabel={t('back')}
      onSubmit={(event) => void onSubmit(event)}
      pending={pending}
      unsaved={form.formState.isDirty && !saved}
      conflict={conflict}
      history={
        record !== null && (
          <RecordHistory
            entity={view.entity}
            id={record.id}
            onRestored={() => {
              void navigate(backTo);
            }}
          />
        )
      }
    >
      <Fields form={form} />
    </FormPage>
  );
}
