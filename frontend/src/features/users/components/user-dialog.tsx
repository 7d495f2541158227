import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useAuth } from '@/features/account';
import { RecordHistory } from '@/features/history';
import type { Role, UserCreateInput } from '@/generated/types';
import { useSaveRecord } from '@/hooks/use-save-record';
import { optionalText, textValue, type Draft } from '@/lib/form';
import { constants, vocabulary } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreateUser, useUpdateUser, type User } from '../api/users';

const FIELDS = [
  'username',
  'fullName',
  'email',
  'password',
  'confirmPassword',
  'role',
  'isActive',
  'receivesLeads',
  'licenseNumber',
  'phone',
] as const satisfies readonly (keyof UserCreateInput)[];

/** Closed, adding (`user: null`) or editing a user. */
export type UserDialogState = { user: User | null } | null;

type UserDraft = Draft<UserCreateInput>;

function formValues(user: User | null): UserDraft {
  const source = user ?? constants().newForms.user;
  return {
    username: source.username,
    fullName: textValue(source.fullName),
    email: textValue(source.email),
    password: '',
    confirmPassword: '',
    role: source.role as Role,
    isActive: source.isActive,
    receivesLeads: source.receivesLeads,
    licenseNumber: textValue(source.licenseNumber),
    phone: textValue(user?.phone),
  };
}

function UserForm({ user, onDone }: { user: User | null; onDone: () => void }) {
  const { t } = useTranslation('users');
  // The server refuses anyone's change of their own role or activity: not offered.
  const me = useAuth().user;
  const isSelf = user !== null && user.id === me?.id;
  // On edit a blank password keeps the current one (site §2), so the edit rules apply.
  const form = useForm<UserDraft, unknown, UserCreateInput>({
    resolver: rulesResolver(user === null ? 'userCreate' : 'userUpdate') as ReturnType<typeof rulesResolver<'userCreate'>>,
    defaultValues: formValues(user),
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;
  const { save, pending, conflict } = useSaveRecord({
    record: user,
    create: useCreateUser(),
    update: useUpdateUser(),
    fields: FIELDS,
    form,
    formValues,
    saved: { created: t('toast.created'), updated: t('toast.updated') },
    failed: { createFailed: t('toast.createFailed'), updateFailed: t('toast.updateFailed') },
    onDone,
  });

  const onSubmit = handleSubmit((values) => {
    save({
      username: values.username,
      fullName: optionalText(values.fullName),
      email: optionalText(values.email),
      // On edit a blank password is not sent (site §5): the current one stays.
      ...(user !== null && optionalText(values.password) === null
        ? {}
        : { password: values.password ?? '', confirmPassword: values.confirmPassword ?? '' }),
      // Disabled inputs submit nothing: one's own role and activity stay as they are.
      role: isSelf ? (user.role as Role) : (values.role ?? (constants().defaultRole as Role)),
      isActive: isSelf ? user.isActive : (values.isActive ?? true),
      receivesLeads: values.receivesLeads ?? true,
      // On edit an empty licence number clears the one stored (absent would keep it).
      licenseNumber: user === null ? optionalText(values.licenseNumber) : (values.licenseNumber ?? ''),
      // The same for the phone the portals show beside the user's listings.
      phone: user === null ? optionalText(values.phone) : (values.phone ?? ''),
    });
  });

  return (
    <FormDialogContent
      title={user === null ? t('addTitle') : t('editTitle')}
      submitLabel={user === null ? t('create') : t('update')}
      onSubmit={(event) => void onSubmit(event)}
      pending={pending}
      unsaved={isDirty}
      conflict={conflict}
      history={user !== null && <RecordHistory entity="user" id={user.id} />}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t('fields.username')} error={errors.username?.message}>
          <Input autoComplete="off" {...register('username')} />
        </FormField>
        <FormField label={t('fields.fullName')} error={errors.fullName?.message}>
          <Input autoComplete="off" {...register('fullName')} />
        </FormField>
        <FormField label={t('fields.email')} error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label={t('fields.role')} error={errors.role?.message}>
          <Select disabled={isSelf} {...register('role')}>
            {vocabulary('roles').map((role) => (
              <option key={role.value} value={role.value}>
                {t(`roles.${role.value as Role}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={user === null ? t('fields.password') : t('fields.newPassword')} error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={user === null ? undefined : t('keepPassword')}
            {...register('password')}
          />
        </FormField>
        <FormField label={t('fields.confirmPassword')} error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <FormField label={t('fields.licenseNumber')} error={errors.licenseNumber?.message} hint={t('licenseHint')}>
          <Input autoComplete="off" dir="ltr" {...register('licenseNumber')} />
        </FormField>
        <FormField label={t('fields.phone')} error={errors.phone?.message} hint={t('phoneHint')}>
          <Input type="tel" inputMode="tel" autoComplete="off" dir="ltr" {...register('phone')} />
        </FormField>
      </div>
      <CheckboxField
        control={control}
        name="isActive"
        label={t('fields.active')}
        description={t('activeHint')}
        disabled={isSelf}
      />
      <CheckboxField
        control={control}
        name="receivesLeads"
        label={t('fields.receivesLeads')}
        description={t('receivesLeadsHint')}
      />
      <p className="text-xs text-muted-foreground">{t('passwordHint', { count: constants().passwordMinLength })}</p>
    </FormDialogContent>
  );
}

/** 'Add User' / 'Edit User' (site-content §2 User Management). */
export function UserDialog({ state, onClose }: { state: UserDialogState; onClose: () => void }) {
  return (
    <FormDialog open={state !== null} onClose={onClose}>
      {state !== null && <UserForm user={state.user} onDone={onClose} />}
    </FormDialog>
  );
}
