import { Building2, Check, TrendingUp, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The two kinds of listing the add page starts with (core-panel §2). */
export type ListingKind = 'investment' | 'sale';

const ICONS: Record<ListingKind, LucideIcon> = { investment: TrendingUp, sale: Building2 };

function KindCard({ kind, onChoose }: { kind: ListingKind; onChoose: (kind: ListingKind) => void }) {
  const { t } = useTranslation('quickProperty');
  const descriptionId = useId();
  const Icon = ICONS[kind];
  // The whole card answers a click: the button's area is stretched over it, while its name
  // stays the card's title (the text a person sees on it) and the description describes it.
  return (
    <article
      data-kind={kind}
      className="relative grid gap-4 rounded-xl border-2 border-border bg-card p-6 shadow-sm transition-colors focus-within:border-primary hover:border-primary"
    >
      <span className="flex size-12 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon className="size-6" aria-hidden />
      </span>
      <div className="grid gap-1">
        <h3 className="text-xl font-semibold">
          <button
            type="button"
            aria-describedby={descriptionId}
            onClick={() => {
              onChoose(kind);
            }}
            className="text-start after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
          >
            {t(`${kind}.title`)}
          </button>
        </h3>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {t(`${kind}.description`)}
        </p>
      </div>
      <ul className="grid gap-2 text-sm">
        {(['point1', 'point2', 'point3'] as const).map((point) => (
          <li key={point} className="flex items-center gap-2">
            <Check className="size-4 text-primary" aria-hidden />
            {t(`${kind}.${point}`)}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** 'What type of property would you like to add?' with the Investment and Sale cards. */
export function TypeChoice({ onChoose }: { onChoose: (kind: ListingKind) => void }) {
  const { t } = useTranslation('quickProperty');
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
