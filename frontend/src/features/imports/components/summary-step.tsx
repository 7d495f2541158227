import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { importedListingsPath } from '../paths';
import type { ImportState } from '../api/types';

/** Step 5: what the import did, and the way to the listings it wrote. */
export function SummaryStep({ state, againPath }: { state: ImportState; againPath: string }) {
  const { t, i18n } = useTranslation('imports');
  const id = useId();
  const counts = [
    ['created', state.created],
    ['updated', state.updated],
    ['skipped', state.invalid],
  ] as const;
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t('summary.heading')}
      </h2>
      <p className="text-sm text-muted-foreground" dir="auto">
        {state.fileName}
      </p>
      <dl className="grid grid-cols-3 gap-3">
        {counts.map(([name, value]) => (
          <div key={name} className="rounded-lg border border-border bg-background p-3">
            <dt className="text-sm text-muted-foreground">{t(`summary.${name}`)}</dt>
            <dd data-count={name} className="text-2xl font-semibold tabular-nums">
              {value.toLocaleString(i18n.language)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={importedListingsPath(state.id)}>{t('summary.view')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={againPath}>{t('summary.another')}</Link>
        </Button>
      </div>
    </section>
  );
}
