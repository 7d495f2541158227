import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import type { SecondFactorCode } from '@/generated/types';

export interface CodeFormProps {
  /** The field's label: the app's code, or also a recovery code. */
  label: string;
  submitLabel: string;
  pending: boolean;
  /** The server's message for the code, if it refused it. */
  error: string | undefined;
  /** Offers 'Trust this device' (a sign-in), or not (an enrolment from Your account). */
  offerTrust: boolean;
  onSubmit: (input: SecondFactorCode) => void;
}

/** A code of the authenticator app (or a recovery code), and whether to trust this browser. */
export function CodeForm({ label, submitLabel, pending, error, offerTrust, onSubmit }: CodeFormProps) {
  const { t } = useTranslation('twoFactor');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const trustId = useId();
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit({ code, trustDevice });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label={label} error={error}>
        <Input
          name="code"
          dir="ltr"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
          }}
          disabled={pending}
        />
      </FormField>
      {offerTrust && (
        <div className="flex items-center gap-2">
          <Checkbox
            id={trustId}
            checked={trustDevice}
            onCheckedChange={(checked) => {
              setTrustDevice(checked === true);
            }}
            disabled={pending}
          />
          <Label htmlFor={trustId}>{t('trustDevice')}</Label>
        </div>
      )}
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending && <Spinner label={t('checking')} className="size-4 text-current" />}
        {submitLabel}
      </Button>
    </form>
  );
}
