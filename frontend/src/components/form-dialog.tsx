import type { ReactNode, SubmitEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

export interface FormDialogContentProps {
  title: string;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  pending: boolean;
  /** A failure that belongs to no field, shown above the buttons. */
  failure?: string | undefined;
  children: ReactNode;
}

/**
 * The body of a dialog holding a form: title, fields, then Cancel and Save. At most very
 * wide and 90% of the screen high, scrolling inside (core-panel §9).
 */
export function FormDialogContent({ title, onSubmit, pending, failure, children }: FormDialogContentProps) {
  const { t } = useTranslation();
  return (
    <DialogContent closeLabel={t('common.close')} aria-describedby={undefined} className="sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {children}
        {failure !== undefined && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
            {failure}
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending && <Spinner label={t('common.saving')} className="size-4 text-current" />}
            {pending ? t('common.saving') : t('common.save')}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
