import { ArrowLeft, Zap } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { MIRROR_IN_RTL } from '@/components/mirrored';
import { useDiscardGuard } from '@/components/discard-changes';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/features/categories';
import { PropertyForm } from '@/features/properties';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { preselection } from '../components/preselection';
import { QuickPropertyForm } from '../components/quick-property-form';
import { TypeChoice, type ListingKind } from '../components/type-choice';

/** Where the add flow ends, on success, and where its back link goes (core-panel §2). */
export const PROPERTIES_PATH = '/admin/properties';

type Step = { form: 'choice' } | { form: 'full'; kind: ListingKind } | { form: 'quick' };

/** The comprehensive form, started from a card's category and display type. */
function FullForm({
  kind,
  onSaved,
  onCancel,
  onDirtyChange,
}: {
  kind: ListingKind;
  onSaved: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('quickProperty');
  const categories = useCategories();
  if (categories.isPending) {
    return (
      <p role="status" className="py-10 text-center text-muted-foreground">
        {t('common.loading', { ns: 'translation' })}
      </p>
    );
  }
  // Without the categories the form still opens, with its own default category.
  const { categoryId, displayType } = preselection(kind, categories.data ?? []);
  return (
    <PropertyForm
      {...(categoryId === undefined ? {} : { defaultCategoryId: categoryId })}
      defaultDisplayType={displayType}
      onSaved={onSaved}
      onCancel={onCancel}
      onDirtyChange={onDirtyChange}
    />
  );
}

/**
 * Adding a property (core-panel §2): first the kind of listing, then the form started
 * from it; a back button returns to the choice, and a saved listing leads to the list.
 * 'Quick add' opens the quick form instead.
 */
function AddProperty() {
  const { t } = useTranslation('quickProperty');
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ form: 'choice' });
  const [dirty, setDirty] = useState(false);
  const [saved, setSaved] = useState(false);
  const discard = useDiscardGuard();
  useUnsavedChanges(dirty && !saved);

  // Leave once the saved form is gone and nothing counts as unsaved, so that the way to
  // the list is not held by the question about unsaved changes.
  useEffect(() => {
    if (saved) void navigate(PROPERTIES_PATH);
  }, [saved, navigate]);

  const onSaved = () => {
    setSaved(true);
  };
  const backToChoice = () => {
    discard.guard(() => {
      setDirty(false);
      setStep({ form: 'choice' });
    }, dirty);
  };

  const heading =
    step.form === 'full'
      ? t(step.kind === 'investment' ? 'investmentHeading' : 'saleHeading')
      : step.form === 'quick'
        ? t('quickAdd')
        : t('title');

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <div>
        {step.form === 'choice' ? (
          <Button asChild variant="ghost" size="sm" className="-ms-3">
            <Link to={PROPERTIES_PATH}>
              <ArrowLeft aria-hidden className={MIRROR_IN_RTL} />
              {t('backToList')}
            </Link>
          </Button>
        ) : (
          <Button variant="ghost" size="sm" className="-ms-3" onClick={backToChoice}>
            <ArrowLeft aria-hidden className={MIRROR_IN_RTL} />
            {t('back')}
          </Button>
        )}
      </div>
      <PageHeader title={heading} />

      {step.form === 'choice' && (
        <>
          <TypeChoice
            onChoose={(kind) => {
              setStep({ form: 'full', kind });
            }}
          />
          <Card className="mx-auto w-full max-w-4xl">
            <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
              <p className="text-sm text-muted-foreground">{t('quickAddDescription')}</p>
              <Button
                variant="outline"
                onClick={() => {
                  setStep({ form: 'quick' });
                }}
              >
                <Zap aria-hidden />
                {t('quickAdd')}
              </Button>
            </CardContent>
          </Card>
        </>
      )}
      {!saved && step.form === 'full' && (
        <FullForm kind={step.kind} onSaved={onSaved} onCancel={backToChoice} onDirtyChange={setDirty} />
      )}
      {!saved && step.form === 'quick' && (
        <QuickPropertyForm onSaved={onSaved} onCancel={backToChoice} onDirtyChange={setDirty} />
      )}
      {discard.dialog}
    </div>
  );
}

/** The screen, once its text (the `quickProperty` namespace) has arrived with its code. */
export default function AddPropertyRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <AddProperty />
    </Suspense>
  );
}
