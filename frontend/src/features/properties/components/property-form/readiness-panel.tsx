// Whether each portal will take the listing (issue 41): one line per portal that reads a
// feed, Ready or Blocked, with what the portal would refuse it for; a portal the listing is
// not published to is shown muted, its verdict kept for when it is chosen. The rules word
// every reason in English and Arabic; the interface language picks one.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalReadiness, ReasonCode } from '@/generated/types';
import { useArabicFirst } from '@/lib/bilingual';
import { cn } from '@/lib/utils';
import { usePortalName } from '../portal-names';

export interface ReadinessPanelProps {
  readiness: readonly PortalReadiness[];
  /** Shown instead of the verdicts while they cannot be worked out (the mappings loading or unreadable). */
  fallback?: ReactNode;
  /** The reasons that point to a field of the form, which `onShow` shows. */
  showable?: ReadonlySet<ReasonCode>;
  onShow?: (code: ReasonCode) => void;
  className?: string;
}

/** The verdict's colours, its text 4.5:1 on its background; muted for a portal not chosen. */
function verdictStyle(verdict: PortalReadiness): string {
  if (!verdict.chosen) return 'bg-muted text-muted-foreground';
  return verdict.ready ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800';
}

interface VerdictProps {
  verdict: PortalReadiness;
  showable: ReadonlySet<ReasonCode> | undefined;
  onShow: ((code: ReasonCode) => void) | undefined;
}

/** One portal's line: its name, Ready or Blocked, and the reasons, those pointing to a field as buttons. */
function Verdict({ verdict, showable, onShow }: VerdictProps) {
  const { t } = useTranslation('propertyForm');
  const arabicFirst = useArabicFirst();
  const name = usePortalName()(verdict.portal);
  return (
    <li aria-label={name} className={cn('grid gap-1.5', !verdict.chosen && 'text-muted-foreground')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">{name}</span>
        <span className="flex items-center gap-2">
          {!verdict.chosen && <span className="text-xs">{t('readiness.notChosen')}</span>}
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', verdictStyle(verdict))}>
            {verdict.ready ? t('readiness.ready') : t('readiness.blocked')}
          </span>
        </span>
      </div>
      {verdict.reasons.length > 0 && (
        <ul className="grid gap-1 text-sm">
          {verdict.reasons.map((reason) => {
            const text = arabicFirst ? reason.ar : reason.en;
            return (
              <li key={reason.code}>
                {onShow !== undefined && showable?.has(reason.code) === true ? (
                  <button
                    type="button"
                    className="text-start text-primary underline-offset-4 hover:underline"
                    onClick={() => {
                      onShow(reason.code);
                    }}
                  >
                    {text}
                  </button>
                ) : (
                  text
                )}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

export function ReadinessPanel({ readiness, fallback, showable, onShow, className }: ReadinessPanelProps) {
  const { t } = useTranslation('propertyForm');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn('grid gap-3', className)}>
      <h3 id={titleId} className="text-base font-semibold">
        {t('readiness.title')}
      </h3>
      {fallback ?? (
        <ul className="grid gap-3">
          {readiness.map((verdict) => (
            <Verdict key={verdict.portal} verdict={verdict} showable={showable} onShow={onShow} />
          ))}
        </ul>
      )}
    </section>
  );
}
