import { Copy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ltrText } from '@/components/ltr';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';

export interface CopyFieldProps {
  label: string;
  /** An address or code to hand to someone else: shown read-only, left to right. */
  value: string;
}

/** A value the person copies rather than types (a webhook or feed URL), with a Copy button. */
export function CopyField({ label, value }: CopyFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const copy = () => {
    // The clipboard is refused outside a secure context or without permission; the value
    // stays selectable in the box then, and the toast says to copy it by hand.
    navigator.clipboard.writeText(value).then(
      () => {
        toast({ title: t('copy.copied') });
      },
      () => {
        toast({ title: t('copy.failed'), variant: 'destructive' });
      },
    );
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          {...ltrText}
          className="font-mono text-xs"
          onFocus={(event) => {
            event.target.select();
          }}
        />
        <Button type="button" variant="outline" onClick={copy} aria-label={t('copy.button', { label })} title={t('copy.button', { label })}>
          <Copy aria-hidden />
          {t('copy.short')}
        </Button>
      </div>
    </div>
  );
}
