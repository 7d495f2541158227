import { Building2, Check, TrendingUp, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The two kinds of listing the add page starts with (core-panel §2). */
export type ListingKind = 'investment' | 'sale';

const ICONS: Record<ListingKind, LucideIcon> = { investment: TrendingUp, sale: Building2 };

function KindCard({ kind, onChoose }: { kind: ListingKind; onChoose: (kind: ListingKind) => void }) {
  const { t } = useTranslation('addProperty');
  const titleId = useId();
  const descriptionId = useId();
  const Icon = ICONS[kind];
  return (
    <button
      type="button"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClick={() => {
        onChoose(kind);
      }}
      className="group grid gap-4 rounded-xl border-2 border-border bg-card p-6 text-left shadow-sm transition-colors hover:border-primary focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <span className="flex size-12 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon className="size-6" aria-hidden />
      </span>
      <span className="grid gap-1">
        <span id={titleId} className="text-xl font-semibold">
          {t(`${kind}.title`)}
        </span>
        <span id={descriptionId} className="text-sm text-muted-foreground">
          {t(`${kind}.description`)}
        </span>
      </span>
      <ul className="grid gap-2 text-sm">
        {(['point1', 'point2', 'point3'] as const).map((point) => (
          <li key={point} className="flex items-center gap-2">
            <Check className="size-4 text-primary" aria-hidden />
            {t(`${kind}.${point}`)}
          </li>
        ))}
      </ul>
    </button>
  );
}

/** 'What type of property would you like to add?' with the Investment and Sale cards. */
export function TypeChoice({ onChoose }: { onChoose: (kind: ListingKind) => void }) {
  const { t } = useTranslation('addProperty');
  const questionId = useId();
  return (
    <section aria-labelledby={questionId} className="grid gap-6">
      <h2 id={questionId} className="text-center text-2xl font-semibold">
        {t('question')}
      </h2>
      <div className="mx-auto grid w-full max-w-4xl gap-6 md:grid-cols-2">
        <KindCard kind="investment" onChoose={onChoose} />
        <KindCard kind="sale" onChoose={onChoose} />
      </div>
    </section>
  );
}
