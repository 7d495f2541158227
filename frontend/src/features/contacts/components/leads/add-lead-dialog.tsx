import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextareaField, TextField } from '@/components/form';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import type { LeadSource, ManualLeadInput } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { fieldErrors, serverMessage } from '@/lib/api-client';
import { useTermLabel } from '@/lib/bilingual';
import type { Draft } from '@/lib/form';
import { vocabulary } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreateLead } from '../../api/leads';

/** The website's leads arrive by the public form; by hand, every other way. */
const WEBSITE: LeadSource = 'website';

const EMPTY: Draft<ManualLeadInput> = {
  name: '',
  email: null,
  phone: null,
  subject: '',
  message: '',
  language: 'en',
  source: null,
};

function AddLeadForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('contacts');
  const termLabel = useTermLabel();
  const create = useCreateLead();
  const form = useForm<Draft<ManualLeadInput>, unknown, ManualLeadInput>({
    resolver: rulesResolver('manualLead'),
    defaultValues: EMPTY,
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { isDirty },
  } = form;
  const sources = vocabulary('leadSources')
    .filter(({ value }) => value !== WEBSITE)
    .map((term) => ({ value: term.value, label: termLabel('leadSources', term) }));
  const languages = (['en', 'ar'] as const).map((value) => ({ value, label: t(`leads.languages.${value}`) }));
  const onSubmit = handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: () => {
        toast({ title: t('leads.toast.added') });
        onDone();
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          setError(field as keyof ManualLeadInput, { type: 'server', message });
        }
        toast({ title: t('leads.toast.addFailed'), description: serverMessage(error), variant: 'destructive' });
      },
    });
  });
  return (
    <FormDialogContent
      title={t('leads.add.title')}
      description={t('leads.add.description')}
      submitLabel={t('leads.add.submit')}
      onSubmit={(event) => void onSubmit(event)}
      pending={create.isPending}
      unsaved={isDirty}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField
          control={control}
          name="source"
          label={t('leads.add.source')}
          options={sources}
          empty={t('leads.add.chooseSource')}
        />
        <SelectField control={control} name="language" label={t('leads.add.language')} options={languages} />
        <TextField control={control} name="name" label={t('leads.add.name')} />
        <TextField control={control} name="subject" label={t('leads.add.subject')} />
        <TextField control={control} name="email" label={t('leads.add.email')} type="email" optional />
        <TextField control={control} name="phone" label={t('leads.add.phone')} type="tel" optional />
      </div>
      <TextareaField control={control} name="message" label={t('leads.add.message')} />
    </FormDialogContent>
  );
}

/** 'Add Lead' (issue 26): records a lead taken by phone, walk-in, email, WhatsApp or a portal. */
export function AddLeadButton() {
  const { t } = useTranslation('contacts');
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <Button
        onClick={() => {
          setOpen(true);
        }}
      >
        <Plus aria-hidden />
        {t('leads.addLead')}
      </Button>
      <FormDialog open={open} onClose={close}>
        {open && <AddLeadForm onDone={close} />}
      </FormDialog>
    </>
  );
}
