import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode, type SubmitEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictNotice } from '@/components/conflict-notice';
import { useDiscardGuard } from '@/components/discard-changes';
import { CancelButton, SaveButton } from '@/components/form-buttons';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { SaveConflict } from '@/hooks/use-save-record';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';

interface FormDialogContext {
  /** Where the form inside tells its dialog whether it holds unsaved changes. */
  report: (isUnsaved: boolean) => void;
  /** Closes the dialog as its own close button does: asking first when changes are unsaved. */
  requestClose: () => void;
}

const FormDialogContext = createContext<FormDialogContext>({ report: () => undefined, requestClose: () => undefined });

export interface FormDialogProps {
  open: boolean;
  /**
   * Called when the user closes the dialog: Cancel, the close button, Escape or outside;
   * with unsaved changes only once they agreed to discard them.
   */
  onClose: () => void;
  children: ReactNode;
}

/** A dialog whose opening is held by its owner, which only hears that it was closed. */
export function FormDialog({ open, onClose, children }: FormDialogProps) {
  const unsaved = useRef(false);
  const report = useCallback((isUnsaved: boolean) => {
    unsaved.current = isUnsaved;
  }, []);
  const discard = useDiscardGuard();
  const requestClose = () => {
    discard.guard(onClose, unsaved.current);
  };
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(isOpen) => {
          if (!isOpen) requestClose();
        }}
      >
        <FormDialogContext value={{ report, requestClose }}>{children}</FormDialogContext>
      </Dialog>
      {discard.dialog}
    </>
  );
}

/** Tells the dialog, the screen and the tab that the form inside holds unsaved changes. */
function useReportUnsaved(unsaved: boolean): void {
  const { report } = useContext(FormDialogContext);
  useEffect(() => {
    report(unsaved);
    return () => {
      report(false);
    };
  }, [report, unsaved]);
  useUnsavedChanges(unsaved);
}

/** Closes the surrounding form dialog as its close button would: asking first when unsaved. */
export function useCloseFormDialog(): () => void {
  return useContext(FormDialogContext).requestClose;
}

export interface FormDialogContentProps {
  title: string;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  pending: boolean;
  /** The form differs from what it was opened with (react-hook-form's `isDirty`). */
  unsaved: boolean;
  /** A failure that belongs to no field, shown above the buttons. */
  failure?: string | undefined;
  /** The record was changed by someone else meanwhile: the choices shown above the buttons. */
  conflict?: SaveConflict | undefined;
  /** The edited record's history of changes, shown under the form. */
  history?: ReactNode;
  /** The submit button's words where the specification names them; 'Save' otherwise. */
  submitLabel?: string | undefined;
  /** A line under the title. */
  description?: string | undefined;
  children: ReactNode;
}

/**
 * The body of a dialog holding a form: title, fields, then Cancel and Save; under them, when
 * editing, the record's history. At most very
 * wide and 90% of the screen high, scrolling inside (core-panel §9).
 */
export function FormDialogContent({
  title,
  onSubmit,
  pending,
  unsaved,
  failure,
  conflict,
  history,
  submitLabel,
  description,
  children,
}: FormDialogContentProps) {
  const { t } = useTranslation();
  useReportUnsaved(unsaved);

  return (
    <DialogContent
      closeLabel={t('common.close')}
      {...(description === undefined ? { 'aria-describedby': undefined } : {})}
      className="sm:max-w-2xl"
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description !== undefined && <DialogDescription>{description}</DialogDescription>}
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {children}
        {failure !== undefined && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
            {failure}
          </p>
        )}
        {conflict !== undefined && <ConflictNotice conflict={conflict} />}
        <DialogFooter>
          <DialogClose asChild>
            <CancelButton />
          </DialogClose>
          <SaveButton pending={pending} disabled={conflict !== undefined} label={submitLabel} />
        </DialogFooter>
      </form>
      {history}
    </DialogContent>
  );
}

export interface FormDialogFrameProps {
  title: string;
  description?: string;
  /** The form inside differs from what it was opened with. */
  unsaved: boolean;
  /** The edited record's history of changes, shown under the form. */
  history?: ReactNode;
  /** A form that brings its own buttons; its Cancel closes through `useCloseFormDialog`. */
  children: ReactNode;
}

/**
 * The body of a dialog around a larger form that has its own tabs and buttons: title,
 * description, then the form. Closing it asks first while the form is unsaved, as
 * `FormDialogContent` does. At most very wide and 90% of the screen high (core-panel §9).
 */
export function FormDialogFrame({ title, description, unsaved, history, children }: FormDialogFrameProps) {
  const { t } = useTranslation();
  useReportUnsaved(unsaved);
  return (
    <DialogContent
      closeLabel={t('common.close')}
      {...(description === undefined ? { 'aria-describedby': undefined } : {})}
      className="sm:max-w-5xl"
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description !== undefined && <DialogDescription>{description}</DialogDescription>}
      </DialogHeader>
      {children}
      {history}
    </DialogContent>
  );
}
