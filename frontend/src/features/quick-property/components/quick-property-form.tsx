import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, NumberField, SelectField, TextareaField, TextField } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCategories } from '@/features/categories';
import {
  isOfferingType,
  isRentFrequency,
  lifecycleLabel,
  lifecycleTerms,
  statusChoices,
} from '@/features/properties';
import { usePropertyTypes } from '@/features/property-types';
import type { QuickPropertyInput } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { pickText, useArabicFirst, useTermLabel } from '@/lib/bilingual';
import { ApiError, serverMessage } from '@/lib/api-client';
import { chosenId, idValue, optionalText, showServerFieldErrors, type Draft } from '@/lib/form';
import {
  coerceOptionalInteger,
  coerceOptionalNumber,
  coerceRoomCount,
  constants,
  vocabulary,
  yearBuiltBounds,
} from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreateQuickProperty } from '../api/create-quick-property';
import { QuickImages } from './quick-images';

type QuickValues = Draft<QuickPropertyInput>;

const ENGLISH_FIELDS = ['titleEn', 'descriptionEn', 'locationEn'] as const;
const ARABIC_FIELDS = ['titleAr', 'descriptionAr', 'locationAr'] as const;
type Language = 'english' | 'arabic';

/** Each language tab's fields: title, description, location, in the rules' order. */
const LANGUAGES = [
  { tab: 'english', fields: ENGLISH_FIELDS, arabic: false },
  { tab: 'arabic', fields: ARABIC_FIELDS, arabic: true },
] as const;

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
] as const satisfies readonly (keyof QuickPropertyInput)[];

/** The room counts and floors, each read by the rules as the form reads it. */
const ROOM_FIELDS = [
  ['bedrooms', coerceRoomCount],
  ['bathrooms', coerceRoomCount],
  ['parkingSpaces', coerceRoomCount],
  ['floor', coerceOptionalInteger],
  ['totalFloors', coerceOptionalInteger],
] as const;

/** Every field a 422 or 409 of the server may name, to show its message under it. */
const FIELDS = [
  'propertyNumber',
  ...ENGLISH_FIELDS,
  ...ARABIC_FIELDS,
  'offeringType',
  'rentFrequency',
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

/** The quick form's starting values (core §9: JOD, Asia), nothing chosen in the selects. */
function startingValues(): QuickValues {
  const start = constants().newForms.quickProperty;
  return {
    ...start,
    categoryId: start.categoryId !== null && start.categoryId >= 1 ? start.categoryId : null,
    typeId: start.typeId !== null && start.typeId >= 1 ? start.typeId : null,
  };
}

/** A rent period chosen, none for the 'Select rent period' choice. */
function readRentFrequency(value: string): string | null {
  return value === '' ? null : value;
}

/** What is sent: a sale has no rent period (one chosen before the offering changed is kept in the form only). */
function toPayload(values: QuickPropertyInput): QuickPropertyInput {
  return values.offeringType === 'rent' ? values : { ...values, rentFrequency: null };
}

/**
 * The tab holding the first failing text. The rules report fields in their order, where
 * the texts come first, so that is the first message of the form.
 */
function tabOfFirstError(errors: FieldErrors<QuickValues>, arabicFirst: boolean): Language | undefined {
  const english: readonly string[] = ENGLISH_FIELDS;
  const arabic: readonly string[] = ARABIC_FIELDS;
  const failing = Object.keys(errors);
  const inEnglish = failing.some((field) => english.includes(field));
  const inArabic = failing.some((field) => arabic.includes(field));
  // The first tab, in the order the interface shows them, that holds a failing field.
  if (arabicFirst) return inArabic ? 'arabic' : inEnglish ? 'english' : undefined;
  return inEnglish ? 'english' : inArabic ? 'arabic' : undefined;
}

export interface QuickPropertyFormProps {
  onSaved: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The quick property form, the simpler one (core-panel §2, §5, §9), reachable as 'Quick add':
 * English and Arabic tabs, basic fields, room counts, feature checkboxes and image upload.
 * Its rules are `validate.quickProperty`; it posts to `POST /api/properties?form=quick`.
 */
export function QuickPropertyForm({ onSaved, onCancel, onDirtyChange }: QuickPropertyFormProps) {
  const { t } = useTranslation('quickProperty');
  const categories = useCategories();
  const propertyTypes = usePropertyTypes();
  const create = useCreateQuickProperty();
  const arabicFirst = useArabicFirst();
  const termLabel = useTermLabel();
  // The Arabic texts' tab comes first, and is shown first, in an Arabic interface.
  const [tab, setTab] = useState<Language>(arabicFirst ? 'arabic' : 'english');
  const languages = arabicFirst ? [...LANGUAGES].reverse() : LANGUAGES;
  const terms = (name: 'propertyStatuses' | 'displayTypes' | 'continents') =>
    vocabulary(name).map((term) => ({ value: term.value, label: termLabel(name, term) }));
  const form = useForm<QuickValues, unknown, QuickPropertyInput>({
    resolver: rulesResolver('quickProperty'),
    defaultValues: startingValues(),
  });
  const {
    handleSubmit,
    setValue,
    control,
    trigger,
    formState: { isDirty },
  } = form;
  const [offering, rentFrequency, status] = useWatch({ control, name: ['offeringType', 'rentFrequency', 'status'] });
  const offeringType = isOfferingType(offering) ? offering : 'sale';
  const lifecycleOptions = (name: 'offeringTypes' | 'rentFrequencies') =>
    lifecycleTerms(name).map((term) => ({ value: term.value, label: lifecycleLabel(arabicFirst, name, term) }));
  // Only the statuses that fit the offering, and the one held when it no longer does: the
  // rules' message under it says why it cannot be sent.
  const statusOptions = terms('propertyStatuses').filter((term) =>
    statusChoices(offeringType, status).includes(term.value),
  );
  const priceLabel =
    offeringType === 'rent' && isRentFrequency(rentFrequency)
      ? t(`quick.fields.pricePer.${rentFrequency}`)
      : t('quick.fields.price');

  useEffect(() => {
    onDirtyChange(isDirty);
  }, [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit(
    (values) => {
      create.mutate(toPayload(values), {
        onSuccess: () => {
          toast({ title: t('quick.toast.created') });
          onSaved();
        },
        onError: (error) => {
          showServerFieldErrors(error, FIELDS, form.setError);
          const fallback = error instanceof ApiError ? t('quick.toast.createFailed') : t('quick.toast.submitFailed');
          toast({
            title: t('quick.toast.error'),
            description: serverMessage(error) ?? fallback,
            variant: 'destructive',
          });
        },
      });
    },
    (failed) => {
      const language = tabOfFirstError(failed, arabicFirst);
      if (language !== undefined) setTab(language);
    },
  );

  const years = yearBuiltBounds();
  const label = (field: Exclude<(typeof FIELDS)[number], 'images'> | 'isFeatured') => t(`quick.fields.${field}`);
  const choices = (records: readonly { id: number; nameEn: string; nameAr: string }[] | undefined) =>
    (records ?? []).map((record) => ({ value: idValue(record.id), label: pickText(arabicFirst, record.nameEn, record.nameAr) }));

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
              {languages.map(({ tab: language }) => (
                <TabsTrigger key={language} value={language}>
                  {t(`quick.${language}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            {languages.map(({ tab: language, fields: [title, description, location], arabic }) => (
              <TabsContent key={language} value={language} className="grid gap-4">
                <TextField control={control} name={title} label={label(title)} arabic={arabic} />
                <TextareaField
                  control={control}
                  name={description}
                  label={label(description)}
                  arabic={arabic}
                  rows={4}
                />
                <TextField control={control} name={location} label={label(location)} arabic={arabic} />
              </TabsContent>
            ))}
          </Tabs>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('quick.basics')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField control={control} name="propertyNumber" label={label('propertyNumber')} optional />
          <SelectField
            control={control}
            name="offeringType"
            label={label('offeringType')}
            options={lifecycleOptions('offeringTypes')}
            onChosen={() => {
              // The status is kept: when it no longer fits, the rules' message says so.
              void trigger('status');
            }}
          />
          {offeringType === 'rent' && (
            <SelectField
              control={control}
              name="rentFrequency"
              label={label('rentFrequency')}
              empty={t('quick.selectRentFrequency')}
              options={lifecycleOptions('rentFrequencies')}
              read={readRentFrequency}
            />
          )}
          <NumberField control={control} name="price" label={priceLabel} read={coerceOptionalNumber} />
          <SelectField control={control} name="currency" label={label('currency')} options={vocabulary('currencies')} />
          <NumberField control={control} name="area" label={label('area')} read={coerceOptionalNumber} />
          <SelectField
            control={control}
            name="categoryId"
            label={label('categoryId')}
            empty={t('quick.selectCategory')}
            options={choices(categories.data)}
            read={chosenId}
          />
          <SelectField
            control={control}
            name="typeId"
            label={label('typeId')}
            empty={t('quick.selectType')}
            options={choices(propertyTypes.data)}
            read={chosenId}
          />
          <SelectField control={control} name="status" label={label('status')} options={statusOptions} />
          <SelectField
            control={control}
            name="displayType"
            label={label('displayType')}
            options={terms('displayTypes')}
          />
          <SelectField
            control={control}
            name="continent"
            label={label('continent')}
            empty={t('quick.noContinent')}
            options={terms('continents')}
            read={optionalText}
          />
          <CheckboxField control={control} name="isFeatured" label={label('isFeatured')} className="self-end pb-2" />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('quick.rooms')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ROOM_FIELDS.map(([name, read]) => (
            <NumberField key={name} control={control} name={name} label={label(name)} read={read} />
          ))}
          <NumberField
            control={control}
            name="yearBuilt"
            label={label('yearBuilt')}
            read={coerceOptionalInteger}
            inputMode="numeric"
            step={1}
            bounds={{ ...years, hint: t('quick.fields.yearBuiltHint', years) }}
          />
          <NumberField control={control} name="buildingAge" label={label('buildingAge')} read={coerceOptionalInteger} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('quick.features')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-3">
          {AMENITIES.map((amenity) => (
            <CheckboxField key={amenity} control={control} name={amenity} label={t(`quick.amenities.${amenity}`)} />
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
