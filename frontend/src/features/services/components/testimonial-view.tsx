// 'Client Testimonials' (site-content §2, §3): what a client said, in both languages, with
// their rating, position, company and photo.
import { UserRound } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageSourceField } from '@/components/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { bilingualOrder, englishText, pickText, textLanguage, useArabicFirst } from '@/lib/bilingual';
import { arabicText, optionalText, textValue } from '@/lib/form';
import { scaledImage } from '@/lib/media';
import { checkCategoryUpload, coerceDisplayOrder, constants } from '@/lib/rules';
import { testimonialsArea, type Testimonial, type TestimonialInput } from '../api/testimonials';
import { ActiveField } from './active-field';
import type { AreaForm, AreaView } from './area-view';
import { RatingPicker } from './rating-picker';
import { RecordBadges, StarIcons } from './summary-parts';

const FIELDS = [
  'clientNameEn',
  'clientNameAr',
  'clientPosition',
  'clientCompany',
  'testimonialEn',
  'testimonialAr',
  'rating',
  'clientImage',
  'displayOrder',
  'isActive',
] as const satisfies readonly (keyof TestimonialInput)[];

function testimonialInput(record: Testimonial): TestimonialInput {
  return {
    clientNameEn: record.clientNameEn,
    clientNameAr: record.clientNameAr,
    clientPosition: record.clientPosition ?? null,
    clientCompany: record.clientCompany ?? null,
    testimonialEn: record.testimonialEn,
    testimonialAr: record.testimonialAr,
    rating: record.rating,
    clientImage: record.clientImage ?? null,
    displayOrder: record.displayOrder,
    isActive: record.isActive,
  };
}

function ClientPhoto({ record }: { record: Testimonial }) {
  const arabicFirst = useArabicFirst();
  const image = record.clientImage ?? '';
  return image === '' ? (
    <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
      <UserRound aria-hidden className="size-7" />
    </span>
  ) : (
    <img
      src={scaledImage(image, 160)}
      alt={pickText(arabicFirst, record.clientNameEn, record.clientNameAr)}
      className="size-14 shrink-0 rounded-full object-cover"
    />
  );
}

/** The client's photo, names, position and company, the rating's stars and both texts. */
function TestimonialSummary({ record }: { record: Testimonial }) {
  const arabicFirst = useArabicFirst();
  const role = [record.clientPosition, record.clientCompany].filter((part) => (part ?? '') !== '').join(', ');
  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-3">
        <ClientPhoto record={record} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">{pickText(arabicFirst, record.clientNameEn, record.clientNameAr)}</h3>
          <p {...(arabicFirst ? englishText : arabicText)} className="text-sm text-muted-foreground">
            {arabicFirst ? record.clientNameEn : record.clientNameAr}
          </p>
          {role !== '' && (
            <p className="text-sm text-muted-foreground" {...textLanguage(role)}>
              {role}
            </p>
          )}
          <StarIcons rating={record.rating} />
        </div>
      </div>
      {bilingualOrder(
        arabicFirst,
        <blockquote key="en" {...englishText} className="line-clamp-3 border-s-2 border-border ps-3 text-sm italic">
          {record.testimonialEn}
        </blockquote>,
        <blockquote key="ar" {...arabicText} className="line-clamp-3 border-s-2 border-border ps-3 text-sm">
          {record.testimonialAr}
        </blockquote>,
      )}
      <RecordBadges displayOrder={record.displayOrder} isActive={record.isActive} />
    </div>
  );
}

function TestimonialFields({ form }: { form: AreaForm<'testimonial'> }) {
  const { t } = useTranslation('services');
  const arabicFirst = useArabicFirst();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const name = useWatch({ control, name: 'clientNameEn' });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {bilingualOrder(
        arabicFirst,
        <FormField key="clientNameEn" label={t('fields.clientNameEn')} error={errors.clientNameEn?.message}>
          <Input {...register('clientNameEn')} />
        </FormField>,
        <FormField key="clientNameAr" label={t('fields.clientNameAr')} error={errors.clientNameAr?.message}>
          <Input {...arabicText} {...register('clientNameAr')} />
        </FormField>,
      )}
      <FormField label={t('fields.clientPosition')} error={errors.clientPosition?.message}>
        <Input {...register('clientPosition')} />
      </FormField>
      <FormField label={t('fields.clientCompany')} error={errors.clientCompany?.message}>
        <Input {...register('clientCompany')} />
      </FormField>
      {bilingualOrder(
        arabicFirst,
        <FormField key="testimonialEn" label={t('fields.testimonialEn')} error={errors.testimonialEn?.message}>
          <Textarea rows={4} {...register('testimonialEn')} />
        </FormField>,
        <FormField key="testimonialAr" label={t('fields.testimonialAr')} error={errors.testimonialAr?.message}>
          <Textarea rows={4} {...arabicText} {...register('testimonialAr')} />
        </FormField>,
      )}
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <RatingPicker
            label={t('fields.rating')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.rating?.message}
          />
        )}
      />
      <FormField label={t('fields.displayOrder')} error={errors.displayOrder?.message}>
        <Input type="number" inputMode="numeric" {...register('displayOrder', { setValueAs: coerceDisplayOrder })} />
      </FormField>
      <div className="sm:col-span-2">
        <ImageSourceField
          control={control}
          name="clientImage"
          empty={null}
          label={t('fields.clientImage')}
          hint={t('image.hint')}
          words={{ upload: t('image.upload'), orUrl: t('image.orUrl'), remove: t('image.remove') }}
          // The server takes inline images up to the category limit (10MB).
          check={checkCategoryUpload}
          alt={name ?? ''}
          previewSize={80}
        />
      </div>
      <ActiveField control={control} name="isActive" />
    </div>
  );
}

export const testimonialView: AreaView<'testimonial', Testimonial> = {
  section: 'testimonials',
  entity: 'testimonial',
  area: testimonialsArea,
  nameOf: (record, arabicFirst) => pickText(arabicFirst, record.clientNameEn, record.clientNameAr),
  formValues: (record) => {
    const source = record === null ? constants().newForms.testimonial : testimonialInput(record);
    return {
      ...source,
      clientPosition: textValue(source.clientPosition),
      clientCompany: textValue(source.clientCompany),
    };
  },
  toInput: (values) => ({
    ...values,
    clientPosition: optionalText(values.clientPosition),
    clientCompany: optionalText(values.clientCompany),
    clientImage: optionalText(values.clientImage),
  }),
  fields: FIELDS,
  Summary: TestimonialSummary,
  Fields: TestimonialFields,
};
