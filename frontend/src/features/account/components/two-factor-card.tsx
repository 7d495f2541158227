import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { SecondFactorCode } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { useBeginEnrolment, useConfirmEnrolment, useTwoFactor } from '../api/two-factor';
import { AuthenticatorSecret } from './authenticator-secret';
import { CodeForm } from './code-form';
import { RecoveryCodesList } from './recovery-codes';

/**
 * Two-factor sign-in on 'Your account': its state, and the enrolment of an authenticator
 * app (QR code and secret, confirmed by a first code), after which the recovery codes are
 * shown once.
 */
export function TwoFactorCard() {
  const { t } = useTranslation('twoFactor');
  const f = useFormat();
  const status = useTwoFactor();
  const begin = useBeginEnrolment();
  const confirm = useConfirmEnrolment();
  const [error, setError] = useState<string>();
  const [codes, setCodes] = useState<readonly string[]>();

  const submit = (input: SecondFactorCode) => {
    confirm.mutate(
      { code: input.code, trustDevice: false },
      {
        onSuccess: (answer) => {
          setCodes(answer.codes);
          begin.reset();
        },
        onError: (failure) => {
          setError(fieldErrors(failure).code ?? errorMessage(failure));
        },
      },
    );
  };

  const body = () => {
    if (status.data === undefined) return <Spinner label={t('common.loading', { ns: 'translation' })} />;
    if (codes !== undefined) {
      return (
        <RecoveryCodesList
          codes={codes}
          doneLabel={t('done')}
          onDone={() => {
            setCodes(undefined);
            toast({ title: t('enabledToast') });
          }}
        />
      );
    }
    if (status.data.policy === 'off') return <p className="text-sm text-muted-foreground">{t('off')}</p>;
    if (status.data.enabled) {
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge>{t('on')}</Badge>
          {t('codesLeft', { count: status.data.recoveryCodesLeft })}
        </p>
      );
    }
    if (begin.data !== undefined) {
      return (
        <div className="grid gap-4">
          <AuthenticatorSecret enrolment={begin.data} />
          <CodeForm
            label={t('code')}
            submitLabel={t('confirm')}
            pending={confirm.isPending}
            error={error}
            offerTrust={false}
            onSubmit={submit}
          />
        </div>
      );
    }
    return (
      <div className="grid gap-3">
        {status.data.required && status.data.enrolBy != null && (
          <p className="text-sm font-medium text-destructive">
            {t('requiredBy', { date: f.date(status.data.enrolBy) })}
          </p>
        )}
        <div>
          <Button
            type="button"
            disabled={begin.isPending}
            onClick={() => {
              setError(undefined);
              begin.mutate(undefined, {
                onError: (failure) => {
                  toast({ title: errorMessage(failure), variant: 'destructive' });
                },
              });
            }}
          >
            {t('setUp')}
          </Button>
        </div>
      </div>
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent>{body()}</CardContent>
    </Card>
  );
}
