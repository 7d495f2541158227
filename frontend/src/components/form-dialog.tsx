import type { ReactNode, SubmitEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelButton, SaveButton } from '@/components/form-buttons';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export interface FormDialogProps {
  open: boolean;
  /** Called when the user closes the dialog: Cancel, the close button, Escape or outside. */
  onClose: () => void;
  children: ReactNode;
}

/** A dialog whose opening is held by its owner, which only hears that it was closed. */
export function FormDialog({ open, onClose, children }: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      {children}
    </Dialog>
  );
}

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
            <CancelButton />
          </DialogClose>
          <SaveButton pending={pending} />
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
