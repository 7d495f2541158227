import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, ImageSourceField } from '@/components/form';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { BilingualTextFields } from '@/components/bilingual-fields';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { RecordHistory } from '@/features/history';
import { useSaveRecord } from '@/hooks/use-save-record';
import { termLabel, useArabicFirst } from '@/lib/bilingual';
import { optionalText, textValue, type Draft } from '@/lib/form';
import { checkCategoryUpload, constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { heroImages, type HeroImage, type HeroImageInput, type HeroPage } from '../api/hero-images';
import { heroPages } from './hero-pages';

const FIELDS = [
  'pageName',
  'titleEn',
  'titleAr',
  'subtitleEn',
  'subtitleAr',
  'imageUrl',
  'imageData',
] as const satisfies readonly (keyof HeroImageInput)[];

/** Closed, adding (`hero: null`) or editing a hero image. */
export type HeroDialogState = { hero: HeroImage | null } | null;

function formValues(hero: HeroImage | null): Draft<HeroImageInput> {
  const source = hero ?? constants().newForms.heroImage;
  return {
    // A stored hero's page is one of the rules' seven: the server accepts no other.
    pageName: source.pageName as HeroPage | null,
    titleEn: source.titleEn,
    titleAr: source.titleAr,
    subtitleEn: textValue(source.subtitleEn),
    subtitleAr: textValue(source.subtitleAr),
    imageUrl: source.imageUrl ?? null,
    imageData: source.imageData ?? null,
    isActive: source.isActive,
  };
}

/** The page a select's value names: none for its empty first option. */
function chosenPage(value: string): HeroPage | null {
  return value === '' ? null : (value as HeroPage);
}

function HeroForm({ hero, onDone }: { hero: HeroImage | null; onDone: () => void }) {
  const { t } = useTranslation('heroImages');
  const arabicFirst = useArabicFirst();
  const list = heroImages.useList();
  const create = heroImages.useCreate();
  const update = heroImages.useUpdate();
  const form = useForm<Draft<HeroImageInput>, unknown, HeroImageInput>({
    resolver: rulesResolver('heroImage'),
    defaultValues: formValues(hero),
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isDirty },
  } = form;
  const titleEn = useWatch({ control, name: 'titleEn' });
  // Site §8 'the error message is shown': shown in the dialog, which stays open with what was typed.
  const { save, pending, failure, conflict } = useSaveRecord({
    record: hero,
    create,
    update,
    fields: FIELDS,
    form,
    formValues,
    saved: { created: t('toast.created'), updated: t('toast.updated') },
    onDone,
  });

  const usedByOthers = new Set((list.data ?? []).filter((other) => other.id !== hero?.id).map((other) => other.pageName));

  const onSubmit = handleSubmit((values) => {
    save({
      ...values,
      subtitleEn: optionalText(values.subtitleEn),
      subtitleAr: optionalText(values.subtitleAr),
      imageUrl: optionalText(values.imageUrl),
      imageData: optionalText(values.imageData),
    });
  });

  return (
    <FormDialogContent
      title={hero === null ? t('addTitle') : t('editTitle')}
      onSubmit={(event) => void onSubmit(event)}
      pending={pending}
      unsaved={isDirty}
      failure={failure}
      conflict={conflict}
      history={hero !== null && <RecordHistory entity="heroImage" id={hero.id} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('fields.page')} error={errors.pageName?.message} className="sm:col-span-2">
          <Select {...register('pageName', { setValueAs: chosenPage })}>
            <option value="">{t('choosePage')}</option>
            {heroPages().map((page) => {
              const inUse = usedByOthers.has(page.value);
              return (
                <option key={page.value} value={page.value} disabled={inUse}>
                  {inUse
                    ? t('pageInUse', { page: termLabel(arabicFirst, 'heroPages', page) })
                    : termLabel(arabicFirst, 'heroPages', page)}
                </option>
              );
            })}
          </Select>
        </FormField>
        <BilingualTextFields
          register={register}
          errors={errors}
          english="titleEn"
          arabic="titleAr"
          labels={{ english: t('fields.titleEn'), arabic: t('fields.titleAr') }}
        />
        <BilingualTextFields
          register={register}
          errors={errors}
          english="subtitleEn"
          arabic="subtitleAr"
          labels={{ english: t('fields.subtitleEn'), arabic: t('fields.subtitleAr') }}
        />
        <CheckboxField control={control} name="isActive" label={t('fields.active')} />
      </div>
      <ImageSourceField
        control={control}
        names={{ data: 'imageData', url: 'imageUrl' }}
        label={t('fields.image')}
        hint={t('imageHint')}
        words={{ upload: t('image.upload'), orUrl: t('image.orUrl'), remove: t('image.remove') }}
        // The rules' 10 MB check with its 'File too large' toast, shared with category images.
        check={checkCategoryUpload}
        alt={titleEn ?? ''}
        previewSize={128}
      />
    </FormDialogContent>
  );
}

/** 'Add Hero Image' / 'Edit Hero Image': one page's banner, titles and image (site-content §2). */
export function HeroDialog({ state, onClose }: { state: HeroDialogState; onClose: () => void }) {
  return (
    <FormDialog open={state !== null} onClose={onClose}>
      {state !== null && <HeroForm hero={state.hero} onDone={onClose} />}
    </FormDialog>
  );
}
