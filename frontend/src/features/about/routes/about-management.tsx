import { BookOpen, Check, Gem, Pencil, Plus, Target, X, type LucideIcon } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { AboutSectionType } from '@/generated/types';
import { useAboutSections, type AboutSection } from '../api/get-about-sections';
import { SECTION_TYPES, SectionEditor, type SectionEditorState } from '../components/section-editor';
import { ValuesEditor } from '../components/values-editor';
import { latinValue, useBilingual } from '@/lib/bilingual';

const ICONS: Record<AboutSectionType, LucideIcon> = { story: BookOpen, mission: Target, values: Gem };

/** Story and mission: one of each, by guidance (site-content §2); values: as many as wanted. */
function onlyOnce(type: AboutSectionType): boolean {
  return type !== 'values';
}

function SectionItem({ section, onEdit }: { section: AboutSection; onEdit: () => void }) {
  const { t } = useTranslation('about');
  const { pick } = useBilingual();
  const title = pick(section.titleEn, section.titleAr);
  const subtitle = pick(section.subtitleEn, section.subtitleAr);
  const hasImage = (section.imageData ?? '') !== '' || (section.imageUrl ?? '') !== '';
  return (
    <li className="grid gap-1 rounded-lg border border-border p-3">
      <div className="flex items-start justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {title}
          {hasImage && <Badge variant="secondary">{t('imageBadge')}</Badge>}
          {!section.isActive && <Badge variant="outline">{t('inactive')}</Badge>}
        </p>
        <Button type="button" variant="ghost" size="icon" onClick={onEdit} aria-label={t('editSection', { title })}>
          <Pencil aria-hidden />
        </Button>
      </div>
      {subtitle !== '' && <p className="text-sm text-muted-foreground">{subtitle}</p>}
      <p className="line-clamp-2 text-sm">{pick(section.contentEn, section.contentAr)}</p>
      <p className="flex flex-wrap gap-3 text-xs text-muted-foreground">
        <span>{t('order', { order: section.orderIndex })}</span>
        {(section.iconClass ?? '') !== '' && (
          <span>
            {t('iconLabel')} <code {...latinValue}>{section.iconClass}</code>
          </span>
        )}
      </p>
    </li>
  );
}

function SectionCard({
  type,
  sections,
  onCreate,
  onEdit,
}: {
  type: AboutSectionType;
  sections: readonly AboutSection[];
  onCreate: () => void;
  onEdit: (section: AboutSection) => void;
}) {
  const { t } = useTranslation('about');
  const Icon = ICONS[type];
  const own = sections.filter((section) => section.sectionType === type);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden className="size-5 text-primary" />
          {t(`types.${type}.title`)}
        </CardTitle>
        <CardDescription>{t(`types.${type}.description`)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {own.length === 0 ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-muted-foreground">{t(`types.${type}.empty`)}</p>
            <Button type="button" onClick={onCreate}>
              <Plus aria-hidden />
              {t(`types.${type}.create`)}
            </Button>
          </div>
        ) : (
          <>
            <ul className="grid gap-2">
              {own.map((section) => (
                <SectionItem
                  key={section.id}
                  section={section}
                  onEdit={() => {
                    onEdit(section);
                  }}
                />
              ))}
            </ul>
            {onlyOnce(type) ? (
              <p className="text-xs text-muted-foreground">{t('onlyOnce')}</p>
            ) : (
              <Button type="button" variant="outline" className="justify-self-start" onClick={onCreate}>
                <Pencil aria-hidden />
                {t('editValues')}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Summary({ sections }: { sections: readonly AboutSection[] }) {
  const { t } = useTranslation('about');
  const count = (type: AboutSectionType) => sections.filter((section) => section.sectionType === type).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('summary.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ['total', sections.length],
            ['story', count('story')],
            ['mission', count('mission')],
            ['values', count('values')],
          ].map(([key, value]) => (
            <div key={key} className="rounded-lg border border-border p-3">
              <dt className="text-sm text-muted-foreground">{t(`summary.${key as 'total'}`)}</dt>
              <dd className="text-2xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <ul className="flex flex-wrap gap-2" aria-label={t('summary.title')}>
          {SECTION_TYPES.map((type) => {
            const present = count(type) > 0;
            const name = t(`summary.${type}`);
            return (
              <li key={type}>
                <Badge variant={present ? 'success' : 'outline'} className="gap-1">
                  {present ? <Check aria-hidden className="size-3" /> : <X aria-hidden className="size-3" />}
                  <span className="sr-only">{present ? t('summary.present', { type: name }) : t('summary.missing', { type: name })}</span>
                  <span aria-hidden>{name}</span>
                </Badge>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

function Skeleton() {
  const { t } = useTranslation('about');
  return (
    <div role="status" aria-label={t('loading')} className="grid gap-6 lg:grid-cols-3">
      {SECTION_TYPES.map((type) => (
        <div key={type} className="h-48 animate-pulse rounded-xl bg-muted" />
      ))}
    </div>
  );
}

function AboutManagement() {
  const { t } = useTranslation('about');
  const sections = useAboutSections();
  const [editor, setEditor] = useState<SectionEditorState>(null);
  const [valuesOpen, setValuesOpen] = useState(false);
  const all = sections.data ?? [];
  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {sections.isError ? (
        <QueryError error={sections.error} />
      ) : sections.isPending ? (
        <Skeleton />
      ) : (
        <>
          <section className="grid gap-4 rounded-xl bg-primary p-6 text-primary-foreground sm:grid-cols-3">
            {SECTION_TYPES.map((type) => {
              const Icon = ICONS[type];
              return (
                <div key={type} className="flex items-start gap-3">
                  <Icon aria-hidden className="size-6 shrink-0" />
                  <div>
                    <h2 className="font-semibold">{t(`types.${type}.title`)}</h2>
                    <p className="text-sm opacity-90">{t(`types.${type}.banner`)}</p>
                  </div>
                </div>
              );
            })}
          </section>
          <div className="grid gap-6 lg:grid-cols-3">
            {SECTION_TYPES.map((type) => (
              <SectionCard
                key={type}
                type={type}
                sections={all}
                onCreate={() => {
                  if (type === 'values') setValuesOpen(true);
                  else setEditor({ section: null, type });
                }}
                onEdit={(section) => {
                  setEditor({ section, type: section.sectionType });
                }}
              />
            ))}
          </div>
          <Summary sections={all} />
        </>
      )}
      <SectionEditor
        state={editor}
        onClose={() => {
          setEditor(null);
        }}
      />
      <ValuesEditor
        open={valuesOpen}
        sections={all}
        onClose={() => {
          setValuesOpen(false);
        }}
      />
    </div>
  );
}

/** About Page Management (site-content §2), once its text has arrived with its code. */
export default function AboutManagementRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <AboutManagement />
    </Suspense>
  );
}
