import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { useCategories } from '@/features/categories';
import { usePropertyTypes } from '@/features/property-types';
import type { LegacyPropertyInput } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { ApiError, serverMessage } from '@/lib/api-client';
import { arabicText, chosenId, idValue, showServerFieldErrors, type Draft } from '@/lib/form';
import {
  coerceOptionalInteger,
  coerceOptionalNumber,
  coerceRoomCount,
  constants,
  vocabulary,
  type VocabularyName,
  yearBuiltBounds,
} from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreateQuickProperty } from '../api/create-quick-property';
import { QuickImages } from './quick-images';

type QuickValues = Draft<LegacyPropertyInput>;

const ENGLISH_FIELDS = ['titleEn', 'descriptionEn', 'locationEn'] as const;
const ARABIC_FIELDS = ['titleAr', 'descriptionAr', 'locationAr'] as const;
type Language = 'english' | 'arabic';

const AMENITIES = [
  'hasBalcony',
  'hasGarden',
  'hasElevator',
  'hasSwimmingPool',
  'hasGym',
  'hasSecurity',
  'petsAllowed',
  'parkingSpace',
  'furnished',
] as const satisfies readonly (keyof LegacyPropertyInput)[];

type NumberField =
  | 'price'
  | 'area'
  | 'bedrooms'
  | 'bathrooms'
  | 'parkingSpaces'
  | 'floor'
  | 'totalFloors'
  | 'buildingAge';

/** Every field a 422 or 409 of the server may name, to show its message under it. */
const FIELDS = [
  'propertyNumber',
  ...ENGLISH_FIELDS,
  ...ARABIC_FIELDS,
  'price',
  'currency',
  'area',
  'continent',
  'categoryId',
  'typeId',
  'status',
  'displayType',
  'yearBuilt',
  'buildingAge',
  'floor',
  'totalFloors',
  'parkingSpaces',
  'bedrooms',
  'bathrooms',
  'images',
] as const satisfies readonly Path<QuickValues>[];

/** The older form's starting values (core §9: JOD, Asia), nothing chosen in the selects. */
function startingValues(): QuickValues {
  const start = constants().newForms.legacyProperty;
  return {
    ...start,
    categoryId: start.categoryId !== null && start.categoryId >= 1 ? start.categoryId : null,
    typeId: start.typeId !== null && start.typeId >= 1 ? start.typeId : null,
  };
}

/**
 * The tab holding the first failing text. The rules report fields in their order, where
 * the texts come first, so that is the first message of the form.
 */
function tabOfFirstError(errors: FieldErrors<QuickValues>): Language | undefined {
  const english: readonly string[] = ENGLISH_FIELDS;
  const arabic: readonly string[] = ARABIC_FIELDS;
  const first = Object.keys(errors).find((field) => english.includes(field) || arabic.includes(field));
  if (first === undefined) return undefined;
  return english.includes(first) ? 'english' : 'arabic';
}

function VocabularyOptions({ name }: { name: VocabularyName }) {
  return (
    <>
      {vocabulary(name).map((term) => (
        <option key={term.value} value={term.value}>
          {term.label}
        </option>
      ))}
    </>
  );
}

export interface QuickPropertyFormProps {
  onSaved: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The older, simpler property form (core-panel §2, §5, §9), reachable as 'Quick add':
 * English and Arabic tabs, basic fields, room counts, feature checkboxes and image upload.
 * Its rules are `validate.legacyProperty`; it posts to `POST /api/properties?form=quick`.
 */
export function QuickPropertyForm({ onSaved, onCancel, onDirtyChange }: QuickPropertyFormProps) {
  const { t } = useTranslation('addProperty');
  const categories = useCategories();
  const propertyTypes = usePropertyTypes();
  const create = useCreateQuickProperty();
  const [tab, setTab] = useState<Language>('english');
  const form = useForm<QuickValues, unknown, LegacyPropertyInput>({
    resolver: rulesResolver('legacyProperty'),
    defaultValues: startingValues(),
  });
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isDirty },
  } = form;

  useEffect(() => {
    onDirtyChange(isDirty);
  }, [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit(
    (values) => {
      create.mutate(values, {
        onSuccess: () => {
          toast({ title: t('quick.toast.created') });
          onSaved();
        },
        onError: (error) => {
          showServerFieldErrors(error, FIELDS, form.setError);
          const fallback =
            error instanceof ApiError ? t('quick.toast.createFailed') : t('quick.toast.submitFailed');
          toast({ title: t('quick.toast.error'), description: serverMessage(error) ?? fallback, variant: 'destructive' });
        },
      });
    },
    (failed) => {
      const language = tabOfFirstError(failed);
      if (language !== undefined) setTab(language);
    },
  );

  const numberField = (name: NumberField, read: (entry: unknown) => number | null) => (
    <FormField label={t(`quick.fields.${name}`)} error={errors[name]?.message}>
      <Input type="number" inputMode="decimal" step="any" {...register(name, { setValueAs: read })} />
    </FormField>
  );
  const years = yearBuiltBounds();

  const images = useWatch({ control, name: 'images' }) ?? [];

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
      <Card>
        <CardContent className="pt-6">
          <Tabs
            value={tab}
            onValueChange={(value) => {
              setTab(value as Language);
            }}
          >
            <TabsList>
              <TabsTrigger value="english">{t('quick.english')}</TabsTrigger>
              <TabsTrigger value="arabic">{t('quick.arabic')}</TabsTrigger>
            </TabsList>
            <TabsContent value="english" className="grid gap-4">
              <FormField label={t('quick.fields.titleEn')} error={errors.titleEn?.message}>
                <Input {...register('titleEn')} />
              </FormField>
              <FormField label={t('quick.fields.descriptionEn')} error={errors.descriptionEn?.message}>
                <Textarea rows={4} {...register('descriptionEn')} />
              </FormField>
              <FormField label={t('quick.fields.locationEn')} error={errors.locationEn?.message}>
                <Input {...register('locationEn')} />
              </FormField>
            </TabsContent>
            <TabsContent value="arabic" className="grid gap-4">
              <FormField label={t('quick.fields.titleAr')} error={errors.titleAr?.message}>
                <Input {...arabicText} {...register('titleAr')} />
              </FormField>
              <FormField label={t('quick.fields.descriptionAr')} error={errors.descriptionAr?.message}>
                <Textarea rows={4} {...arabicText} {...register('descriptionAr')} />
              </FormField>
              <FormField label={t('quick.fields.locationAr')} error={errors.locationAr?.message}>
                <Input {...arabicText} {...register('locationAr')} />
              </FormField>
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('quick.basics')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FormField label={t('quick.fields.propertyNumber')} error={errors.propertyNumber?.message}>
            <Input {...register('propertyNumber', { setValueAs: (value: string) => (value === '' ? null : value) })} />
          </FormField>
          {numberField('price', coerceOptionalNumber)}
          <FormField label={t('quick.fields.currency')} error={errors.currency?.message}>
            <Select {...register('currency')}>
              <VocabularyOptions name="currencies" />
            </Select>
          </FormField>
          {numberField('area', coerceOptionalNumber)}
          <FormField label={t('quick.fields.categoryId')} error={errors.categoryId?.message}>
            <Select {...register('categoryId', { setValueAs: (value: string) => chosenId(value) })}>
              <option value="">{t('quick.selectCategory')}</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.id} value={idValue(category.id)}>
                  {category.nameEn}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t('quick.fields.typeId')} error={errors.typeId?.message}>
            <Select {...register('typeId', { setValueAs: (value: string) => chosenId(value) })}>
              <option value="">{t('quick.selectType')}</option>
              {(propertyTypes.data ?? []).map((type) => (
                <option key={type.id} value={idValue(type.id)}>
                  {type.nameEn}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label={t('quick.fields.status')} error={errors.status?.message}>
            <Select {...register('status')}>
              <VocabularyOptions name="propertyStatuses" />
            </Select>
          </FormField>
          <FormField label={t('quick.fields.displayType')} error={errors.displayType?.message}>
            <Select {...register('displayType')}>
              <VocabularyOptions name="displayTypes" />
            </Select>
          </FormField>
          <FormField label={t('quick.fields.continent')} error={errors.continent?.message}>
            <Select {...register('continent', { setValueAs: (value: string) => (value === '' ? null : value) })}>
              <option value="">{t('quick.noContinent')}</option>
              <VocabularyOptions name="continents" />
            </Select>
          </FormField>
          <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
            <input type="checkbox" className="size-4 accent-primary" {...register('isFeatured')} />
            {t('quick.fields.isFeatured')}
          </label>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('quick.rooms')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {numberField('bedrooms', coerceRoomCount)}
          {numberField('bathrooms', coerceRoomCount)}
          {numberField('parkingSpaces', coerceRoomCount)}
          {numberField('floor', coerceOptionalInteger)}
          {numberField('totalFloors', coerceOptionalInteger)}
          <FormField
            label={t('quick.fields.yearBuilt')}
            hint={t('quick.fields.yearBuiltHint', years)}
            error={errors.yearBuilt?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              step={1}
              min={years.min}
              max={years.max}
              {...register('yearBuilt', { setValueAs: coerceOptionalInteger })}
            />
          </FormField>
          {numberField('buildingAge', coerceOptionalInteger)}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('quick.features')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-3">
          {AMENITIES.map((amenity) => (
            <label key={amenity} className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" className="size-4 accent-primary" {...register(amenity)} />
              {t(`quick.amenities.${amenity}`)}
            </label>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('quick.images')}</CardTitle>
        </CardHeader>
        <CardContent>
          <QuickImages
            images={images}
            onChange={(next) => {
              setValue('images', next, { shouldDirty: true });
            }}
          />
        </CardContent>
      </Card>

      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('common.cancel', { ns: 'translation' })}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner label={t('quick.submitting')} className="size-4 text-current" />}
          {create.isPending ? t('quick.submitting') : t('quick.submit')}
        </Button>
      </div>
    </form>
  );
}
