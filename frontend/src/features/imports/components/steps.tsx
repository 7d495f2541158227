import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export const STEPS = ['file', 'columns', 'check', 'import', 'summary'] as const;
export type Step = (typeof STEPS)[number];

/** Where the wizard stands: the steps in order, those passed ticked, the current one marked. */
export function Steps({ current }: { current: Step }) {
  const { t } = useTranslation('imports');
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label={t('steps.label')}>
      <ol className="flex flex-wrap items-center gap-2 text-sm">
        {STEPS.map((step, index) => (
          <li
            key={step}
            aria-current={index === at ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2 rounded-full border px-3 py-1',
              index === at && 'border-primary bg-primary text-primary-foreground',
              index < at && 'border-border bg-background',
              index > at && 'border-dashed border-border text-muted-foreground',
            )}
          >
            {index < at ? (
              <Check aria-hidden className="size-4" />
            ) : (
              <span aria-hidden className="tabular-nums">
                {index + 1}
              </span>
            )}
            {t(`steps.${step}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
