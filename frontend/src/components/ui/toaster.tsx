import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from '@/hooks/use-toast';
import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';

/**
 * Renders the toast store; F8 focuses its labelled notification region. `focusOnMount`
 * focuses it at once, for an F8 pressed before the region existed.
 */
export function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);

  return (
    <ToastProvider label={t('toast.label')}>
      {toasts.map(({ id, title, description, variant, open, action }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description !== undefined && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action !== undefined && (
            <ToastAction altText={action.altText} onClick={action.onClick}>
              {action.label}
            </ToastAction>
          )}
          <ToastClose aria-label={t('common.close')} />
        </Toast>
      ))}
      <ToastViewport ref={viewport} label={t('toast.region')} />
    </ToastProvider>
  );
}
