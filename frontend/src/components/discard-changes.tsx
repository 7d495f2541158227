import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { hasUnsavedChanges } from '@/lib/unsaved-changes';

export interface DiscardChangesDialogProps {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
}

/** 'Discard unsaved changes?': keep editing (the default) or discard and go on. */
export function DiscardChangesDialog({ open, onKeepEditing, onDiscard }: DiscardChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('unsaved.title')}
      description={t('unsaved.description')}
      cancelLabel={t('unsaved.keepEditing')}
      confirmLabel={t('unsaved.discard')}
      destructive
      onCancel={onKeepEditing}
      onConfirm={onDiscard}
    />
  );
}

export interface DiscardGuard {
  /**
   * Runs `proceed` (a close, a switch, a sign-out) at once when nothing is unsaved, and
   * otherwise once the person agrees to discard. `isUnsaved` defaults to any form on screen.
   */
  guard: (proceed: () => void, isUnsaved?: boolean) => void;
  /** The question, to render beside the guarded control. */
  dialog: ReactNode;
}

export function useDiscardGuard(): DiscardGuard {
  const [pending, setPending] = useState<{ proceed: () => void } | null>(null);
  return {
    guard: (proceed, isUnsaved = hasUnsavedChanges()) => {
      if (isUnsaved) setPending({ proceed });
      else proceed();
    },
    dialog: (
      <DiscardChangesDialog
        open={pending !== null}
        onKeepEditing={() => {
          setPending(null);
        }}
        onDiscard={() => {
          setPending(null);
          pending?.proceed();
        }}
      />
    ),
  };
}
