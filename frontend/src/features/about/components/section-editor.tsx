import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, ImageSourceField } from '@/components/form';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { BilingualTextFields } from '@/components/bilingual-fields';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { RecordHistory } from '@/features/history';
import type { AboutSectionInput, AboutSectionType } from '@/generated/types';
import { useSaveRecord } from '@/hooks/use-save-record';
import { optionalText, textValue, type Draft } from '@/lib/form';
import { checkSectionUpload, coerceDisplayOrder, constants, vocabulary } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import type { AboutSection } from '../api/get-about-sections';
import { useCreateAboutSection, useUpdateAboutSection } from '../api/save-about-section';

/** Story first, mission second, values third (site-content §2). */
export const SECTION_TYPES = vocabulary('aboutSectionTypes').map((term) => term.value as AboutSectionType);

const FIELDS = [
  'sectionType',
  'titleEn',
  'titleAr',
  'subtitleEn',
  'subtitleAr',
  'contentEn',
  'contentAr',
  'iconClass',
  'imageUrl',
  'imageData',
  'orderIndex',
] as const satisfies readonly (keyof AboutSectionInput)[];

/** Closed, adding a section of a type, or editing one. */
export type SectionEditorState = { section: AboutSection | null; type: AboutSectionType } | null;

function formValues(section: AboutSection | null, type: AboutSectionType): Draft<AboutSectionInput> {
  const source = section ?? { ...constants().newForms.aboutSection, sectionType: type };
  return {
    sectionType: source.sectionType,
    titleEn: source.titleEn,
    titleAr: source.titleAr,
    subtitleEn: textValue(source.subtitleEn),
    subtitleAr: textValue(source.subtitleAr),
    contentEn: source.contentEn,
    contentAr: source.contentAr,
    iconClass: textValue(source.iconClass),
    imageUrl: source.imageUrl ?? null,
    imageData: source.imageData ?? null,
    orderIndex: source.orderIndex,
    isActive: source.isActive,
  };
}

function SectionForm({ section, type, onDone }: { section: AboutSection | null; type: AboutSectionType; onDone: () => void }) {
  const { t } = useTranslation('about');
  const form = useForm<Draft<AboutSectionInput>, unknown, AboutSectionInput>({
    resolver: rulesResolver('aboutSection'),
    defaultValues: formValues(section, type),
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isDirty },
  } = form;
  const titleEn = useWatch({ control, name: 'titleEn' });
  const { save, pending, conflict } = useSaveRecord({
    record: section,
    create: useCreateAboutSection(),
    update: useUpdateAboutSection(),
    fields: FIELDS,
    form,
    formValues: (record) => formValues(record, record.sectionType),
    saved: { created: t('toast.created'), updated: t('toast.updated') },
    failed: { createFailed: t('toast.createFailed'), updateFailed: t('toast.updateFailed') },
    onDone,
  });
  const onSubmit = handleSubmit((values) => {
    save({
      ...values,
      subtitleEn: optionalText(values.subtitleEn),
      subtitleAr: optionalText(values.subtitleAr),
      iconClass: optionalText(values.iconClass),
      imageUrl: optionalText(values.imageUrl),
      imageData: optionalText(values.imageData),
    });
  });
  return (
    <FormDialogContent
      title={section === null ? t('editor.addTitle') : t('editor.editTitle')}
      onSubmit={(event) => void onSubmit(event)}
      pending={pending}
      unsaved={isDirty}
      conflict={conflict}
      history={section !== null && <RecordHistory entity="aboutSection" id={section.id} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('fields.sectionType')} error={errors.sectionType?.message}>
          <Select {...register('sectionType')}>
            {SECTION_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`types.${value}.position`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('fields.orderIndex')} error={errors.orderIndex?.message}>
          <Input type="number" inputMode="numeric" {...register('orderIndex', { setValueAs: coerceDisplayOrder })} />
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
        <BilingualTextFields
          register={register}
          errors={errors}
          english="contentEn"
          arabic="contentAr"
          labels={{ english: t('fields.contentEn'), arabic: t('fields.contentAr') }}
          rows={4}
        />
        <FormField label={t('fields.iconClass')} error={errors.iconClass?.message}>
          <Input dir="ltr" placeholder={constants().aboutIconExamples[0]} {...register('iconClass')} />
        </FormField>
        <CheckboxField control={control} name="isActive" label={t('fields.active')} className="self-end pb-2" />
      </div>
      <ImageSourceField
        control={control}
        names={{ data: 'imageData', url: 'imageUrl' }}
        label={t('fields.image')}
        hint={t('imageHint')}
        words={{ upload: t('image.upload'), orUrl: t('image.orUrl'), remove: t('image.remove') }}
        check={checkSectionUpload}
        alt={titleEn ?? ''}
      />
    </FormDialogContent>
  );
}

/** The about-section editor (site-content §2): the section's position, its texts and image. */
export function SectionEditor({ state, onClose }: { state: SectionEditorState; onClose: () => void }) {
  return (
    <FormDialog open={state !== null} onClose={onClose}>
      {state !== null && <SectionForm section={state.section} type={state.type} onDone={onClose} />}
    </FormDialog>
  );
}
