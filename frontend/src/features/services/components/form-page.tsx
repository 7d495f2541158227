import { ArrowLeft } from 'lucide-react';
import type { ReactNode, SubmitEventHandler } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MIRROR_IN_RTL } from '@/components/mirrored';
import { ConflictNotice } from '@/components/conflict-notice';
import { CancelButton, SaveButton } from '@/components/form-buttons';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import type { SaveConflict } from '@/hooks/use-save-record';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';

export interface FormPageProps {
  title: string;
  /** Where Back and Cancel lead: the tab the record belongs to. */
  backTo: string;
  backLabel: string;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  pending: boolean;
  /** The form holds changes not saved: leaving the page, or the tab, asks first. */
  unsaved: boolean;
  /** The record was changed by someone else meanwhile: the choices shown above the buttons. */
  conflict: SaveConflict | undefined;
  /** The edited record's history of changes, shown under the form. */
  history?: ReactNode;
  children: ReactNode;
}

/**
 * A form on a page of its own (site-content §2: 'a full-page form with a Back button'):
 * Back, the title, the fields, then Cancel and Save; under them, when editing, the record's
 * history. Back and Cancel are ordinary navigation, which the shell holds while unsaved.
 */
export function FormPage({
  title,
  backTo,
  backLabel,
  onSubmit,
  pending,
  unsaved,
  conflict,
  history,
  children,
}: FormPageProps) {
  const navigate = useNavigate();
  useUnsavedChanges(unsaved);
  return (
    <div className="mx-auto grid max-w-4xl gap-6 p-6 lg:p-8">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ms-3">
          <Link to={backTo}>
            <ArrowLeft aria-hidden className={MIRROR_IN_RTL} />
            {backLabel}
          </Link>
        </Button>
      </div>
      <PageHeader title={title} />
      <Card>
        <CardContent className="pt-6">
          <form noValidate aria-label={title} onSubmit={onSubmit} className="grid gap-6">
            {children}
            {conflict !== undefined && <ConflictNotice conflict={conflict} />}
            <div className="flex justify-end gap-2">
              <CancelButton
                onClick={() => {
                  void navigate(backTo);
                }}
              />
              <SaveButton pending={pending} disabled={conflict !== undefined} />
            </div>
          </form>
        </CardContent>
      </Card>
      {history}
    </div>
  );
}
