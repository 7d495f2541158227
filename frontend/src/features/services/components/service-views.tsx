// 'Our Services' and 'Our Process' (site-content §2, §3): a process step is a service with
// a step number, so both tabs show and edit their records with the same pieces.
import type { ReactNode } from 'react';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BilingualDescriptionFields } from '@/components/bilingual-fields';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { bilingualOrder, englishText, latinValue, pickText, useArabicFirst } from '@/lib/bilingual';
import { arabicText, type Draft } from '@/lib/form';
import { coerceDisplayOrder, coerceStepNumber, constants } from '@/lib/rules';
import { processStepsArea, type ProcessStep, type ProcessStepInput } from '../api/process-steps';
import { servicesArea, type Service, type ServiceInput } from '../api/services';
import type { AreaForm, AreaView } from './area-view';
import { ActiveField } from './active-field';
import { RecordBadges } from './summary-parts';

const SERVICE_FIELDS = [
  'titleEn',
  'titleAr',
  'descriptionEn',
  'descriptionAr',
  'icon',
  'displayOrder',
  'isActive',
] as const satisfies readonly (keyof ServiceInput)[];

/** A service's payload: its own fields, without id, version and dates. */
function serviceInput(source: Required<ServiceInput>): ServiceInput {
  return {
    titleEn: source.titleEn,
    titleAr: source.titleAr,
    descriptionEn: source.descriptionEn,
    descriptionAr: source.descriptionAr,
    icon: source.icon,
    displayOrder: source.displayOrder,
    isActive: source.isActive,
  };
}

function processStepInput(source: Required<ProcessStepInput>): ProcessStepInput {
  return { ...serviceInput(source), stepNumber: source.stepNumber };
}

/** Titles, descriptions, icon name, order and Active/Inactive; a step's number before its title. */
function ServiceSummary({ record }: { record: Service | ProcessStep }) {
  const { t } = useTranslation('services');
  const arabicFirst = useArabicFirst();
  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-3">
        {'stepNumber' in record && (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
            <span className="sr-only">{t('step')} </span>
            {record.stepNumber}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">{pickText(arabicFirst, record.titleEn, record.titleAr)}</h3>
          <p {...(arabicFirst ? englishText : arabicText)} className="text-sm text-muted-foreground">
            {arabicFirst ? record.titleEn : record.titleAr}
          </p>
        </div>
      </div>
      {bilingualOrder(
        arabicFirst,
        <p key="en" {...englishText} className="line-clamp-2 text-sm">
          {record.descriptionEn}
        </p>,
        <p key="ar" {...arabicText} className="line-clamp-2 text-sm">
          {record.descriptionAr}
        </p>,
      )}
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-muted-foreground">
          {t('iconLabel')} <code className="font-mono text-foreground" {...latinValue}>
            {record.icon}
          </code>
        </span>
        <RecordBadges displayOrder={record.displayOrder} isActive={record.isActive} />
      </div>
    </div>
  );
}

interface ServiceFieldsProps {
  register: UseFormRegister<Draft<ServiceInput>>;
  control: Control<Draft<ServiceInput>, unknown, ServiceInput>;
  errors: FieldErrors<Draft<ServiceInput>>;
  /** A field placed before the display order: a process step's number. */
  leading?: ReactNode;
}

/** Both titles and descriptions (the Arabic ones right to left), the icon, the order, Active. */
function ServiceFormFields({ register, control, errors, leading }: ServiceFieldsProps) {
  const { t } = useTranslation('services');
  const arabicFirst = useArabicFirst();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {bilingualOrder(
        arabicFirst,
        <FormField key="titleEn" label={t('fields.titleEn')} error={errors.titleEn?.message}>
          <Input {...register('titleEn')} />
        </FormField>,
        <FormField key="titleAr" label={t('fields.titleAr')} error={errors.titleAr?.message}>
          <Input {...arabicText} {...register('titleAr')} />
        </FormField>,
      )}
      <BilingualDescriptionFields register={register} errors={errors} />
      <FormField label={t('fields.icon')} error={errors.icon?.message}>
        <Input dir="ltr" className="font-mono" placeholder={t('iconPlaceholder')} {...register('icon')} />
      </FormField>
      {leading}
      <FormField label={t('fields.displayOrder')} error={errors.displayOrder?.message}>
        <Input type="number" inputMode="numeric" {...register('displayOrder', { setValueAs: coerceDisplayOrder })} />
      </FormField>
      <ActiveField control={control} name="isActive" />
    </div>
  );
}

function ServiceFields({ form }: { form: AreaForm<'service'> }) {
  return <ServiceFormFields register={form.register} control={form.control} errors={form.formState.errors} />;
}

function ProcessStepFields({ form }: { form: AreaForm<'processStep'> }) {
  const { t } = useTranslation('services');
  const { register, control, formState } = form;
  return (
    <ServiceFormFields
      register={register}
      control={control}
      errors={formState.errors}
      leading={
        <FormField label={t('fields.stepNumber')} error={formState.errors.stepNumber?.message}>
          <Input type="number" inputMode="numeric" {...register('stepNumber', { setValueAs: coerceStepNumber })} />
        </FormField>
      }
    />
  );
}

export const serviceView: AreaView<'service', Service> = {
  section: 'services',
  entity: 'service',
  area: servicesArea,
  nameOf: (record, arabicFirst) => pickText(arabicFirst, record.titleEn, record.titleAr),
  formValues: (record) => serviceInput(record ?? constants().newForms.service),
  toInput: (values) => values,
  fields: SERVICE_FIELDS,
  Summary: ServiceSummary,
  Fields: ServiceFields,
};

export const processStepView: AreaView<'processStep', ProcessStep> = {
  section: 'process',
  entity: 'processStep',
  area: processStepsArea,
  nameOf: (record, arabicFirst) => pickText(arabicFirst, record.titleEn, record.titleAr),
  formValues: (record) => processStepInput(record ?? constants().newForms.processStep),
  toInput: (values) => values,
  fields: [...SERVICE_FIELDS, 'stepNumber'],
  Summary: ServiceSummary,
  Fields: ProcessStepFields,
};
