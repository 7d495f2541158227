import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { EnrolledSignIn, SecondFactorCode, SecondFactorStep } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import i18n from '@/i18n';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useBeginSignInEnrolment, useFinishSignInEnrolment, useGiveSecondFactor } from '../api/second-factor';
import { AuthenticatorSecret } from './authenticator-secret';
import { CodeForm } from './code-form';
import { RecoveryCodesList } from './recovery-codes';

export interface SecondFactorStepProps {
  step: SecondFactorStep;
  onSignedIn?: (() => void) | undefined;
  /** Back to the password, e.g. once this sign-in expired. */
  onRestart: () => void;
}

/** The code's message, or the call's: a wrong code is said beside the field, a lock too. */
function messageOf(error: Error): string {
  return fieldErrors(error).code ?? errorMessage(error);
}

/**
 * The second step of a sign-in whose password was right (docs/adr/0032): the app's code or
 * a recovery code, or, where the policy requires a second factor the account lacks, its
 * enrolment. No session exists until it is done.
 */
export function SecondFactorStepForm({ step, onSignedIn, onRestart }: SecondFactorStepProps) {
  const { t } = useTranslation('twoFactor');
  return (
    <div className="grid gap-5">
      {step === 'code' ? (
        <CodeStep onSignedIn={onSignedIn} />
      ) : (
        <EnrolStep onSignedIn={onSignedIn} />
      )}
      <Button type="button" variant="link" onClick={onRestart}>
        {t('restart')}
      </Button>
    </div>
  );
}

/** Said in the language current once signed in: the user's own may just have applied. */
function signedInToast() {
  toast({ title: i18n.t('auth.toast.loginSuccess'), description: i18n.t('auth.toast.loginSuccessDescription') });
}

function CodeStep({ onSignedIn }: { onSignedIn?: (() => void) | undefined }) {
  const { t } = useTranslation('twoFactor');
  const give = useGiveSecondFactor();
  const [error, setError] = useState<string>();
  const submit = (input: SecondFactorCode) => {
    give.mutate(input, {
      onSuccess: () => {
        signedInToast();
        onSignedIn?.();
      },
      onError: (failure) => {
        setError(messageOf(failure));
      },
    });
  };
  return (
    <>
      <p className="text-sm text-muted-foreground">{t('codeAsked')}</p>
      <CodeForm
        label={t('codeOrRecovery')}
        submitLabel={t('verify')}
        pending={give.isPending}
        error={error}
        offerTrust
        onSubmit={submit}
      />
    </>
  );
}

function EnrolStep({ onSignedIn }: { onSignedIn?: (() => void) | undefined }) {
  const { t } = useTranslation('twoFactor');
  const begin = useBeginSignInEnrolment();
  const finish = useFinishSignInEnrolment();
  const [error, setError] = useState<string>();
  const [enrolled, setEnrolled] = useState<EnrolledSignIn>();
  const { mutate: start } = begin;
  useEffect(() => {
    start();
  }, [start]);
  if (enrolled !== undefined) {
    return (
      <RecoveryCodesList
        codes={enrolled.recoveryCodes}
        doneLabel={t('continue')}
        onDone={() => {
          void finish.signIn(enrolled.user).then(() => {
            signedInToast();
            onSignedIn?.();
          });
        }}
      />
    );
  }
  if (begin.isError) return <p className="text-sm text-destructive">{errorMessage(begin.error)}</p>;
  if (begin.data === undefined) return <Spinner label={t('common.loading', { ns: 'translation' })} className="mx-auto" />;
  const submit = (input: SecondFactorCode) => {
    finish.mutate(input, {
      onSuccess: setEnrolled,
      onError: (failure) => {
        setError(messageOf(failure));
      },
    });
  };
  return (
    <>
      <p className="text-sm text-muted-foreground">{t('enrolAsked')}</p>
      <AuthenticatorSecret enrolment={begin.data} />
      <CodeForm
        label={t('code')}
        submitLabel={t('confirm')}
        pending={finish.isPending}
        error={error}
        offerTrust
        onSubmit={submit}
      />
    </>
  );
}
