import { CheckboxField } from '@/components/form';
import type { Draft } from '@/lib/form';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BilingualNameFields } from '@/components/bilingual-fields';
import { ConflictNotice } from '@/components/conflict-notice';
import { useDiscardGuard } from '@/components/discard-changes';
import { CancelButton, SaveButton } from '@/components/form-buttons';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { RecordHistory } from '@/features/history';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { FeatureCategory, PropertyFeatureInput } from '@/generated/types';
import { useSaveRecord } from '@/hooks/use-save-record';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { coerceDisplayOrder, constants, featureCategories } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreatePropertyFeature } from '../api/create-property-feature';
import type { PropertyFeature } from '../api/get-property-features';
import { useUpdatePropertyFeature } from '../api/update-property-feature';

const FIELDS = ['nameEn', 'nameAr', 'icon', 'category', 'isActive', 'displayOrder'] as const satisfies readonly (keyof PropertyFeatureInput)[];

/** Closed, adding (`feature: null`) or editing a feature, inline in its tab. */
export type FeatureCardState = { feature: PropertyFeature | null } | null;

/**
 * A new feature starts from the rules' defaults (the 'fi fi-rr-star' icon, active) in the
 * group of the tab it is added from; the rules' own default group (general) when none.
 */
function formValues(feature: PropertyFeature | null, category: FeatureCategory | undefined): Draft<PropertyFeatureInput> {
  if (feature !== null) {
    const { nameEn, nameAr, icon, isActive, displayOrder } = feature;
    return { nameEn, nameAr, icon, category: feature.category, isActive, displayOrder };
  }
  const defaults = constants().newForms.propertyFeature;
  return { ...defaults, category: category ?? defaults.category };
}

export interface FeatureCardProps {
  feature: PropertyFeature | null;
  /** The tab's group, which a new feature starts in. */
  category: FeatureCategory | undefined;
  onDone: () => void;
}

/**
 * The inline create/edit card of the Features Management tabs (site-content §2). With
 * unsaved changes, Cancel asks first, and so does leaving the screen.
 */
export function FeatureCard({ feature, category, onDone }: FeatureCardProps) {
  const { t } = useTranslation();
  const form = useForm<Draft<PropertyFeatureInput>, unknown, PropertyFeatureInput>({
    resolver: rulesResolver('propertyFeature'),
    defaultValues: formValues(feature, category),
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;
  const [nameEn, nameAr, icon] = useWatch({ control, name: ['nameEn', 'nameAr', 'icon'] });
  // Save waits for both names and an icon (site-content §2).
  const ready = [nameEn, nameAr, icon].every((value) => (value ?? '') !== '');
  const { save, pending, conflict } = useSaveRecord({
    record: feature,
    create: useCreatePropertyFeature(),
    update: useUpdatePropertyFeature(),
    fields: FIELDS,
    form,
    formValues: (record) => formValues(record, category),
    saved: { created: t('features.toast.created'), updated: t('features.toast.updated') },
    failed: { createFailed: t('features.toast.createFailed'), updateFailed: t('features.toast.updateFailed') },
    onDone,
  });
  useUnsavedChanges(isDirty);
  const discard = useDiscardGuard();

  const title = feature === null ? t('features.newTitle') : t('features.editTitle');
  return (
    <Card>
      <form noValidate aria-label={title} onSubmit={(event) => void handleSubmit(save)(event)}>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <BilingualNameFields register={register} errors={errors} />
          <FormField label={t('fields.icon')} error={errors.icon?.message}>
            <Input placeholder={constants().featureIconDefault} className="font-mono" dir="ltr" {...register('icon')} />
          </FormField>
          <FormField label={t('fields.category')} error={errors.category?.message}>
            <Select {...register('category')}>
              {featureCategories().map((value) => (
                <option key={value} value={value}>
                  {t(`features.tabs.${value}`)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t('fields.displayOrder')} error={errors.displayOrder?.message}>
            <Input type="number" inputMode="numeric" {...register('displayOrder', { setValueAs: coerceDisplayOrder })} />
          </FormField>
          <CheckboxField control={control} name="isActive" label={t('fields.active')} className="self-end pb-2" />
        </CardContent>
        {conflict !== undefined && (
          <div className="px-6 pb-6">
            <ConflictNotice conflict={conflict} />
          </div>
        )}
        <CardFooter className="justify-end gap-2">
          <CancelButton
            onClick={() => {
              discard.guard(onDone, isDirty);
            }}
          />
          <SaveButton pending={pending} disabled={!ready || conflict !== undefined} />
        </CardFooter>
      </form>
      {feature !== null && (
        <div className="px-6 pb-6">
          <RecordHistory entity="propertyFeature" id={feature.id} onRestored={onDone} />
        </div>
      )}
      {discard.dialog}
    </Card>
  );
}
