import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, ImageSourceField } from '@/components/form';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { RecordHistory } from '@/features/history';
import type { TooLarge } from '@/generated/types';
import { useSaveRecord } from '@/hooks/use-save-record';
import { bilingualOrder, useArabicFirst } from '@/lib/bilingual';
import { arabicText, optionalText, textValue, type Draft } from '@/lib/form';
import { coerceDisplayOrder, coerceOptionalInteger, constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { teamMembers, type TeamMember, type TeamMemberInput } from '../api/team-members';
import { SpecializationsField } from './specializations-field';
import { useArabicCopy } from './use-arabic-copy';

const FIELDS = [
  'nameEn',
  'nameAr',
  'positionEn',
  'positionAr',
  'descriptionEn',
  'descriptionAr',
  'imageUrl',
  'experience',
  'email',
  'phone',
  'whatsapp',
  'linkedin',
  'twitter',
  'displayOrder',
  'isActive',
  'specializations',
] as const satisfies readonly (keyof TeamMemberInput)[];

/** Closed, adding (`member: null`) or editing a team member. */
export type MemberDialogState = { member: TeamMember | null } | null;

function formValues(member: TeamMember | null): Draft<TeamMemberInput> {
  const source = member ?? constants().newForms.teamMember;
  return {
    nameEn: source.nameEn,
    nameAr: source.nameAr,
    positionEn: source.positionEn,
    positionAr: source.positionAr,
    descriptionEn: source.descriptionEn,
    descriptionAr: source.descriptionAr,
    imageUrl: source.imageUrl ?? null,
    experience: source.experience,
    email: textValue(source.email),
    phone: textValue(source.phone),
    whatsapp: textValue(source.whatsapp),
    linkedin: textValue(source.linkedin),
    twitter: textValue(source.twitter),
    displayOrder: source.displayOrder,
    isActive: source.isActive,
    specializations: [...source.specializations],
  };
}

/** Site §2 and §9 state the 5MB photo limit as a hint only: every file is taken. */
function photoLimitNotEnforced(): TooLarge | null {
  return null;
}

/** Experience as typed: a whole number, anything unreadable its default (site §9: 0). */
function coerceExperience(entry: unknown): number {
  return coerceOptionalInteger(entry) ?? constants().newForms.teamMember.experience;
}

function MemberForm({ member, onDone }: { member: TeamMember | null; onDone: () => void }) {
  const { t } = useTranslation('team');
  const arabicFirst = useArabicFirst();
  const nextOrder = teamMembers.useNextDisplayOrder();
  const opened = member === null ? { ...formValues(null), displayOrder: nextOrder } : formValues(member);
  const form = useForm<Draft<TeamMemberInput>, unknown, TeamMemberInput>({
    resolver: rulesResolver('teamMember'),
    defaultValues: opened,
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isDirty },
  } = form;
  const copy = useArabicCopy(form, opened);
  const nameEn = useWatch({ control, name: 'nameEn' });
  const { save, pending, failure, conflict } = useSaveRecord({
    record: member,
    create: teamMembers.useCreate(),
    update: teamMembers.useUpdate(),
    fields: FIELDS,
    form,
    formValues,
    saved: { created: t('toast.created'), updated: t('toast.updated') },
    failed: { createFailed: t('toast.createFailed'), updateFailed: t('toast.updateFailed') },
    onDone,
  });

  const onSubmit = handleSubmit((values) => {
    save({
      ...values,
      imageUrl: optionalText(values.imageUrl),
      email: optionalText(values.email),
      phone: optionalText(values.phone),
      whatsapp: optionalText(values.whatsapp),
      linkedin: optionalText(values.linkedin),
      twitter: optionalText(values.twitter),
      specializations: (values.specializations ?? []).map((entry) => entry.trim()).filter((entry) => entry !== ''),
    });
  });

  return (
    <FormDialogContent
      title={member === null ? t('addTitle') : t('editTitle')}
      description={t('dialogDescription')}
      onSubmit={(event) => void onSubmit(event)}
      pending={pending}
      unsaved={isDirty}
      failure={failure}
      conflict={conflict}
      history={member !== null && <RecordHistory entity="teamMember" id={member.id} />}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {bilingualOrder(
          arabicFirst,
          <FormField key="nameEn" label={t('fields.nameEn')} error={errors.nameEn?.message}>
            <Input autoComplete="off" {...copy.english('nameEn')} />
          </FormField>,
          <FormField key="nameAr" label={t('fields.nameAr')} error={errors.nameAr?.message}>
            <Input autoComplete="off" {...arabicText} {...copy.arabic('nameAr')} />
          </FormField>,
        )}
        {bilingualOrder(
          arabicFirst,
          <FormField key="positionEn" label={t('fields.positionEn')} error={errors.positionEn?.message}>
            <Input autoComplete="off" {...copy.english('positionEn')} />
          </FormField>,
          <FormField key="positionAr" label={t('fields.positionAr')} error={errors.positionAr?.message}>
            <Input autoComplete="off" {...arabicText} {...copy.arabic('positionAr')} />
          </FormField>,
        )}
        {bilingualOrder(
          arabicFirst,
          <FormField key="descriptionEn" label={t('fields.descriptionEn')} error={errors.descriptionEn?.message}>
            <Textarea rows={4} {...copy.english('descriptionEn')} />
          </FormField>,
          <FormField key="descriptionAr" label={t('fields.descriptionAr')} error={errors.descriptionAr?.message}>
            <Textarea rows={4} {...arabicText} {...copy.arabic('descriptionAr')} />
          </FormField>,
        )}
      </div>
      <ImageSourceField
        control={control}
        name="imageUrl"
        empty={null}
        label={t('photo.label')}
        hint={t('photo.hint')}
        words={{ upload: t('photo.upload'), orUrl: t('photo.orUrl'), remove: t('photo.remove') }}
        check={photoLimitNotEnforced}
        alt={nameEn ?? ''}
        previewSize={128}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t('fields.experience')} error={errors.experience?.message}>
          <Input type="number" inputMode="numeric" min={0} {...register('experience', { setValueAs: coerceExperience })} />
        </FormField>
        <FormField label={t('fields.displayOrder')} error={errors.displayOrder?.message}>
          <Input type="number" inputMode="numeric" min={0} {...register('displayOrder', { setValueAs: coerceDisplayOrder })} />
        </FormField>
        <FormField label={t('fields.email')} error={errors.email?.message}>
          <Input type="email" dir="ltr" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label={t('fields.phone')} error={errors.phone?.message}>
          <Input type="tel" dir="ltr" autoComplete="off" {...register('phone')} />
        </FormField>
        <FormField label={t('fields.whatsapp')} error={errors.whatsapp?.message}>
          <Input type="tel" dir="ltr" autoComplete="off" {...register('whatsapp')} />
        </FormField>
        <FormField label={t('fields.linkedin')} error={errors.linkedin?.message}>
          <Input type="url" dir="ltr" autoComplete="off" placeholder="https://" {...register('linkedin')} />
        </FormField>
        <FormField label={t('fields.twitter')} error={errors.twitter?.message}>
          <Input dir="ltr" autoComplete="off" {...register('twitter')} />
        </FormField>
      </div>
      <SpecializationsField control={control} />
      <CheckboxField control={control} name="isActive" label={t('fields.active')} description={t('fields.activeHint')} />
    </FormDialogContent>
  );
}

/** 'Add Team Member' / 'Edit Team Member' (site-content §2). */
export function MemberDialog({ state, onClose }: { state: MemberDialogState; onClose: () => void }) {
  return (
    <FormDialog open={state !== null} onClose={onClose}>
      {state !== null && <MemberForm member={state.member} onDone={onClose} />}
    </FormDialog>
  );
}
