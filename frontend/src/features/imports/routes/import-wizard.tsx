import { ArrowLeft } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useCommitImport } from '../api/commit-import';
import { useImport } from '../api/get-import';
import type { ImportUpload } from '../api/types';
import { useUploadImport } from '../api/upload-import';
import { FileStep } from '../components/file-step';
import { MappingStep } from '../components/mapping-step';
import { ProgressStep } from '../components/progress-step';
import { Steps } from '../components/steps';
import { SummaryStep } from '../components/summary-step';

/** What the file step hands the import's own address: the server's reading of the file. */
interface WizardState {
  upload: ImportUpload;
}

/**
 * The upload answer kept in the history entry of the import's address (it survives a reload
 * of the tab), read warily: history state outlives the code that wrote it.
 */
function uploadOf(state: unknown, id: number): ImportUpload | null {
  if (typeof state !== 'object' || state === null || !('upload' in state)) return null;
  const upload = (state as Partial<WizardState>).upload;
  return typeof upload === 'object' && upload.id === id && Array.isArray(upload.columns) ? upload : null;
}

/** The wizard's start: the address without an id, where a file is chosen. */
function NewImport() {
  const navigate = useNavigate();
  const upload = useUploadImport();
  return (
    <>
      <Steps current="file" />
      <FileStep
        reading={upload.isPending ? upload.variables : null}
        error={upload.error}
        onFile={(file) => {
          upload.mutate(file, {
            onSuccess: (answer) => {
              const state: WizardState = { upload: answer };
              void navigate(String(answer.id), { state });
            },
          });
        }}
      />
    </>
  );
}

/** One import, followed through its address: its columns, its check, its progress, its outcome. */
function FollowImport({ id }: { id: number }) {
  const { t } = useTranslation('imports');
  const location = useLocation();
  const navigate = useNavigate();
  const state = useImport(id);
  const commit = useCommitImport(id);
  const upload = uploadOf(location.state, id);
  const start = location.pathname.replace(/\/\d+$/, '');
  // The import as last read: a later read that fails (an expired session the person did not
  // sign in again to) leaves the step and what was chosen in it on screen.
  const current = state.data;

  if (current === undefined) {
    if (state.isError) {
      const gone = state.error instanceof ApiError && state.error.status === 404;
      return gone ? <Missing message={t('missing.notFound')} start={start} /> : <QueryError error={state.error} />;
    }
    return <Spinner label={t('common.loading', { ns: 'translation' })} className="m-8" />;
  }
  switch (current.status) {
    case 'uploaded':
    case 'checked':
      return upload === null ? (
        <Missing message={t('missing.description')} start={start} />
      ) : (
        <MappingStep
          upload={upload}
          onImport={() => {
            commit.mutate();
          }}
          importing={commit.isPending}
          importError={commit.error}
          onRestart={() => {
            void navigate(start);
          }}
        />
      );
    case 'done':
      return (
        <>
          <Steps current="summary" />
          <SummaryStep state={current} againPath={start} />
        </>
      );
    default:
      // Committing, or stopped (failed): the progress, and the way to resume.
      return (
        <>
          <Steps current="import" />
          <ProgressStep
            state={current}
            onResume={() => {
              commit.mutate();
            }}
            resuming={commit.isPending}
            resumeError={commit.error}
          />
        </>
      );
  }
}

/** An import whose columns this tab does not hold (or that is gone): the way back to the start. */
function Missing({ message, start }: { message: string; start: string }) {
  const { t } = useTranslation('imports');
  return (
    <div role="alert" className="grid gap-3">
      <p className="font-medium">{t('missing.title')}</p>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button asChild className="justify-self-start">
        <Link to={start}>{t('mapping.restart')}</Link>
      </Button>
    </div>
  );
}

/**
 * Import listings (issue 25): a spreadsheet's rows become listings in three calls, upload,
 * check and commit. `/properties/import` chooses the file; `/properties/import/{id}` follows
 * one import, so a reload during the import shows its progress again.
 */
function ImportWizard() {
  const { t } = useTranslation('imports');
  const params = useParams();
  const id = Number(params.id);
  const following = params.id !== undefined && Number.isInteger(id) && id > 0;
  const back = useLocation().pathname.replace(/\/import(\/[^/]*)?$/, '');
  return (
    <div className="mx-auto grid max-w-5xl gap-6 p-6">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button asChild variant="ghost">
            <Link to={back}>
              <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
              {t('back')}
            </Link>
          </Button>
        }
      />
      <Card>
        <CardContent className="grid gap-6 p-6">{following ? <FollowImport key={id} id={id} /> : <NewImport />}</CardContent>
      </Card>
    </div>
  );
}

/** The screen, once its text (the `imports` namespace) has arrived with its code. */
export default function ImportWizardRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <ImportWizard />
    </Suspense>
  );
}
