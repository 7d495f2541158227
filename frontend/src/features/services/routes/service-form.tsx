import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { QueryError } from '@/components/query-error';
import { Spinner } from '@/components/ui/spinner';
import type { AreaEntity, AreaRecord, AreaView } from '../components/area-view';
import { NotFoundMessage } from '../components/not-found-message';
import { RecordForm } from '../components/record-form';
import { processStepView, serviceView } from '../components/service-views';
import { testimonialView } from '../components/testimonial-view';
import { recordIdNamed, sectionNamed } from '../sections';

/**
 * The record an edit address names, read from its tab's list (so a reload finds it again).
 * Once found it stays in the form: a later reading of the list without it (deleted by
 * someone else meanwhile) does not take away what is being typed.
 */
function EditRecord<E extends AreaEntity, TRecord extends AreaRecord>({
  view,
  id,
}: {
  view: AreaView<E, TRecord>;
  id: number;
}) {
  const { t } = useTranslation('services');
  const list = view.area.useList();
  const [opened, setOpened] = useState<TRecord>();
  const found = list.data?.find((record) => record.id === id);
  if (opened === undefined && found !== undefined) setOpened(found);
  const record = opened ?? found;

  if (record !== undefined) return <RecordForm view={view} record={record} />;
  if (list.isError) return <QueryError error={list.error} />;
  if (list.isPending) return <Spinner label={t('loading')} className="m-8" />;
  return <NotFoundMessage />;
}

/** The add page, once the tab's list is read: a new record is offered the place after the last. */
function AddRecord<E extends AreaEntity, TRecord extends AreaRecord>({ view }: { view: AreaView<E, TRecord> }) {
  const { t } = useTranslation('services');
  const list = view.area.useList();
  if (list.isPending) return <Spinner label={t('loading')} className="m-8" />;
  return <RecordForm view={view} record={null} />;
}

function RecordPage<E extends AreaEntity, TRecord extends AreaRecord>({
  view,
  id,
}: {
  view: AreaView<E, TRecord>;
  id: string | undefined;
}) {
  if (id === undefined) return <AddRecord view={view} />;
  const recordId = recordIdNamed(id);
  return recordId === undefined ? <NotFoundMessage /> : <EditRecord view={view} id={recordId} />;
}

/** The add page (`/services/<section>/new`) or the edit page (`/services/<section>/<id>/edit`) of a tab. */
function ServiceFormScreen() {
  const { section, id } = useParams();
  // Another address is another form: nothing typed in one carries over to the next.
  const key = `${section ?? ''}/${id ?? 'new'}`;
  switch (sectionNamed(section)) {
    case 'services':
      return <RecordPage key={key} view={serviceView} id={id} />;
    case 'process':
      return <RecordPage key={key} view={processStepView} id={id} />;
    case 'testimonials':
      return <RecordPage key={key} view={testimonialView} id={id} />;
    case undefined:
      return <NotFoundMessage />;
  }
}

/** A tab's full-page form, once the screen's text (the `services` namespace) has arrived. */
export default function ServiceFormRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <ServiceFormScreen />
    </Suspense>
  );
}
