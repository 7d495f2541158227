import { Plus, Trash2 } from 'lucide-react';
import { get, useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageSourceField } from '@/components/form';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { ValueItem, ValuesSectionForm } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { bilingualOrder, useArabicFirst } from '@/lib/bilingual';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { arabicText, type Draft } from '@/lib/form';
import { checkSectionUpload, constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import type { AboutSection } from '../api/get-about-sections';
import { useSaveValuesSection } from '../api/save-about-section';

const EMPTY_VALUE: ValueItem = { titleEn: '', titleAr: '', contentEn: '', contentAr: '', iconClass: '', imageUrl: null, imageData: null };

/**
 * The form for the values sections there are: the header read from the first (which carries
 * it, site-content §7), a value for each section. The first value's own title is not stored
 * by that mapping, so it shows the section title. With no values section yet, the rules'
 * new form: the default header and one empty value.
 */
export function valuesFormOf(sections: readonly AboutSection[]): Draft<ValuesSectionForm> {
  const values = sections.filter((section) => section.sectionType === 'values');
  const [first] = values;
  if (first === undefined) return constants().newForms.valuesSectionForm;
  return {
    sectionTitleEn: first.titleEn,
    sectionTitleAr: first.titleAr,
    sectionSubtitleEn: first.subtitleEn ?? '',
    sectionSubtitleAr: first.subtitleAr ?? '',
    values: values.map((section) => ({
      titleEn: section.titleEn,
      titleAr: section.titleAr,
      contentEn: section.contentEn,
      contentAr: section.contentAr,
      iconClass: section.iconClass ?? '',
      imageUrl: section.imageUrl ?? null,
      imageData: section.imageData ?? null,
    })),
  };
}

function message(errors: FieldErrors<Draft<ValuesSectionForm>>, path: string): string | undefined {
  // The rules key a value's errors by its path ('values.1.titleEn'), which `get` reads too.
  const found: unknown = get(errors, path);
  if (typeof found !== 'object' || found === null || !('message' in found)) return undefined;
  return typeof found.message === 'string' ? found.message : undefined;
}

function ValuesForm({ sections, onDone }: { sections: readonly AboutSection[]; onDone: () => void }) {
  const { t } = useTranslation('about');
  const arabicFirst = useArabicFirst();
  const save = useSaveValuesSection();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isDirty },
  } = useForm<Draft<ValuesSectionForm>, unknown, ValuesSectionForm>({
    resolver: rulesResolver('valuesSectionForm'),
    defaultValues: valuesFormOf(sections),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'values' });
  const values = useWatch({ control, name: 'values' });

  const onSubmit = handleSubmit((form) => {
    save.mutate(form, {
      onSuccess: () => {
        toast({ title: t('toast.valuesSaved') });
        onDone();
      },
      onError: (error) => {
        for (const [field, text] of Object.entries(fieldErrors(error))) {
          setError(field as 'values', { type: 'server', message: text });
        }
        toast({ title: t('toast.valuesFailed'), description: errorMessage(error), variant: 'destructive' });
      },
    });
  });

  return (
    <FormDialogContent
      title={t('valuesEditor.title')}
      description={t('valuesEditor.description')}
      onSubmit={(event) => void onSubmit(event)}
      pending={save.isPending}
      unsaved={isDirty}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {bilingualOrder(
          arabicFirst,
          <FormField key="sectionTitleEn" label={t('fields.sectionTitleEn')} error={message(errors, 'sectionTitleEn')}>
            <Input {...register('sectionTitleEn')} />
          </FormField>,
          <FormField key="sectionTitleAr" label={t('fields.sectionTitleAr')} error={message(errors, 'sectionTitleAr')}>
            <Input {...arabicText} {...register('sectionTitleAr')} />
          </FormField>,
        )}
        {bilingualOrder(
          arabicFirst,
          <FormField key="sectionSubtitleEn" label={t('fields.sectionSubtitleEn')} error={message(errors, 'sectionSubtitleEn')}>
            <Input {...register('sectionSubtitleEn')} />
          </FormField>,
          <FormField key="sectionSubtitleAr" label={t('fields.sectionSubtitleAr')} error={message(errors, 'sectionSubtitleAr')}>
            <Input {...arabicText} {...register('sectionSubtitleAr')} />
          </FormField>,
        )}
      </div>
      {message(errors, 'values') !== undefined && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {message(errors, 'values')}
        </p>
      )}
      <ol className="grid gap-4">
        {fields.map((field, index) => {
          const value = values?.[index];
          return (
            <li key={field.id} className="grid gap-4 rounded-lg border border-border p-4">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">{t('valuesEditor.value', { number: index + 1 })}</h3>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={fields.length === 1}
                  title={fields.length === 1 ? t('valuesEditor.lastValue') : undefined}
                  onClick={() => {
                    remove(index);
                  }}
                >
                  <Trash2 aria-hidden />
                  {t('valuesEditor.remove', { number: index + 1 })}
                </Button>
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                {bilingualOrder(
                  arabicFirst,
                  <FormField key="valueTitleEn" label={t('fields.valueTitleEn')} error={message(errors, `values.${index}.titleEn`)}>
                    <Input {...register(`values.${index}.titleEn`)} />
                  </FormField>,
                  <FormField key="valueTitleAr" label={t('fields.valueTitleAr')} error={message(errors, `values.${index}.titleAr`)}>
                    <Input {...arabicText} {...register(`values.${index}.titleAr`)} />
                  </FormField>,
                )}
                {bilingualOrder(
                  arabicFirst,
                  <FormField key="valueContentEn" label={t('fields.valueContentEn')} error={message(errors, `values.${index}.contentEn`)}>
                    <Textarea rows={3} {...register(`values.${index}.contentEn`)} />
                  </FormField>,
                  <FormField key="valueContentAr" label={t('fields.valueContentAr')} error={message(errors, `values.${index}.contentAr`)}>
                    <Textarea rows={3} {...arabicText} {...register(`values.${index}.contentAr`)} />
                  </FormField>,
                )}
                <FormField label={t('fields.iconClass')}>
                  <Input dir="ltr" placeholder={constants().aboutIconExamples[1]} {...register(`values.${index}.iconClass`)} />
                </FormField>
              </div>
              <ImageSourceField
                control={control}
                names={{ data: `values.${index}.imageData`, url: `values.${index}.imageUrl` }}
                label={t('fields.image')}
                hint={t('imageHint')}
                words={{ upload: t('image.upload'), orUrl: t('image.orUrl'), remove: t('image.remove') }}
                check={checkSectionUpload}
                alt={value?.titleEn ?? ''}
                previewSize={80}
              />
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => {
          append({ ...EMPTY_VALUE });
        }}
      >
        <Plus aria-hidden />
        {t('valuesEditor.add')}
      </Button>
    </FormDialogContent>
  );
}

/**
 * The values-section editor (site-content §2): a header and a repeatable list of values, of
 * which the last cannot be removed; saved whole, in one transaction.
 */
export function ValuesEditor({
  open,
  sections,
  onClose,
}: {
  open: boolean;
  sections: readonly AboutSection[];
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {open && <ValuesForm sections={sections} onDone={onClose} />}
    </FormDialog>
  );
}
