import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The Cancel button ending a form; it leaves without saving, so it never submits. */
export function CancelButton(props: Omit<ButtonProps, 'type' | 'variant' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Button type="button" variant="outline" {...props}>
      {t('common.cancel')}
    </Button>
  );
}

export interface SaveButtonProps {
  /** A save is under way: the button says so and cannot be pressed again. */
  pending: boolean;
  disabled?: boolean;
  /** The button's own words where the specification names them ('Create Value'); 'Save' otherwise. */
  label?: string | undefined;
}

/** The Save button submitting a form. */
export function SaveButton({ pending, disabled = false, label }: SaveButtonProps) {
  const { t } = useTranslation();
  return (
    <Button type="submit" disabled={disabled || pending}>
      {pending && <Spinner label={t('common.saving')} className="size-4 text-current" />}
      {pending ? t('common.saving') : (label ?? t('common.save'))}
    </Button>
  );
}
