import type { Draft } from '@/lib/form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BilingualNameFields } from '@/components/bilingual-fields';
import { AuthorityField } from '@/components/form';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { RecordHistory } from '@/features/history';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { CountryInput } from '@/generated/types';
import { useSaveRecord } from '@/hooks/use-save-record';
import { constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreateCountry } from '../api/create-country';
import type { Country } from '../api/get-countries';
import { useUpdateCountry } from '../api/update-country';

const FIELDS = ['nameEn', 'nameAr', 'code', 'advertisingAuthority'] as const satisfies readonly (keyof CountryInput)[];

/** Closed, adding (`country: null`) or editing a country. */
export type CountryDialogState = { country: Country | null } | null;

function formValues(country: Country | null): Draft<CountryInput> {
  const { nameEn, nameAr, code, advertisingAuthority } = country ?? constants().newForms.country;
  return { nameEn, nameAr, code, advertisingAuthority: advertisingAuthority ?? null };
}

function CountryForm({ country, onDone }: { country: Country | null; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Draft<CountryInput>, unknown, CountryInput>({ resolver: rulesResolver('country'), defaultValues: formValues(country) });
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;
  // No toast for a failed save (site-content §8); the reason shows in the dialog.
  const { save, pending, failure, conflict } = useSaveRecord({
    record: country,
    create: useCreateCountry(),
    update: useUpdateCountry(),
    fields: FIELDS,
    form,
    formValues,
    saved: { created: t('locations.countries.toast.created'), updated: t('locations.countries.toast.updated') },
    onDone,
  });

  return (
    <FormDialogContent
      title={country === null ? t('locations.countries.addTitle') : t('locations.countries.editTitle')}
      onSubmit={(event) => void handleSubmit(save)(event)}
      pending={pending}
      unsaved={isDirty}
      failure={failure}
      conflict={conflict}
      history={country !== null && <RecordHistory entity="country" id={country.id} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <BilingualNameFields register={register} errors={errors} />
        <FormField label={t('fields.code')} error={errors.code?.message}>
          <Input placeholder={t('locations.countries.codePlaceholder')} dir="ltr" {...register('code')} />
        </FormField>
        <AuthorityField control={form.control} name="advertisingAuthority" label={t('authority.label')} hint={t('authority.hint')} />
      </div>
    </FormDialogContent>
  );
}

export function CountryDialog({ state, onClose }: { state: CountryDialogState; onClose: () => void }) {
  return (
    <FormDialog open={state !== null} onClose={onClose}>
      {state !== null && <CountryForm country={state.country} onDone={onClose} />}
    </FormDialog>
  );
}
