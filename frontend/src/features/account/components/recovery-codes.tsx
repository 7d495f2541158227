import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export interface RecoveryCodesProps {
  codes: readonly string[];
  /** Told once the person has kept them. */
  onDone: () => void;
  doneLabel: string;
}

/** The recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodesList({ codes, onDone, doneLabel }: RecoveryCodesProps) {
  const { t } = useTranslation('twoFactor');
  return (
    <div className="grid gap-4" data-testid="recovery-codes">
      <p className="text-sm font-medium">{t('recoveryTitle')}</p>
      <p className="text-sm text-muted-foreground">{t('recoveryText', { count: codes.length })}</p>
      <ul dir="ltr" className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" onClick={onDone}>
        {doneLabel}
      </Button>
    </div>
  );
}
