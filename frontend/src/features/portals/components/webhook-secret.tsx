import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '@/components/copy-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { fieldErrors, serverMessage } from '@/lib/api-client';
import { useSetPortalSecret } from '../api/portals';
import type { PortalSettings } from '@/generated/types';

/**
 * Where the portal sends its leads, and the secret it signs them with. The secret is
 * write-only: the server only says whether one is set, and the box is emptied once it is
 * saved, so it is never on screen after it was typed.
 */
export function WebhookSecret({ settings }: { settings: PortalSettings }) {
  const { t } = useTranslation('portals');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string>();
  const [confirmClear, setConfirmClear] = useState(false);
  const save = useSetPortalSecret();

  const send = (value: string) => {
    setError(undefined);
    save.mutate(
      { portal: settings.portal, input: { secret: value } },
      {
        onSuccess: () => {
          setSecret('');
          toast({ title: value === '' ? t('toast.secretCleared') : t('toast.secretSaved') });
        },
        onError: (failure) => {
          const message = fieldErrors(failure).secret;
          if (message !== undefined) setError(message);
          else toast({ title: t('toast.secretFailed'), description: serverMessage(failure), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t('webhook.title')}
          <Badge variant={settings.secretSet ? 'success' : 'secondary'}>
            {settings.secretSet ? t('webhook.secretSet') : t('webhook.noSecret')}
          </Badge>
        </CardTitle>
        <CardDescription>{t('webhook.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CopyField label={t('webhook.url')} value={settings.webhookUrl} />
        <form
          className="grid items-start gap-2 sm:grid-cols-[1fr_auto_auto]"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (secret !== '') send(secret);
          }}
        >
          <FormField label={t('webhook.secret')} error={error} hint={t('webhook.secretHint')}>
            <Input
              type="password"
              dir="ltr"
              autoComplete="new-password"
              value={secret}
              onChange={(event) => {
                setSecret(event.target.value);
                setError(undefined);
              }}
            />
          </FormField>
          <Button type="submit" className="sm:mt-6" disabled={secret === '' || save.isPending}>
            {t('webhook.saveSecret')}
          </Button>
          {settings.secretSet && (
            <Button
              type="button"
              variant="outline"
              className="sm:mt-6"
              disabled={save.isPending}
              onClick={() => {
                setConfirmClear(true);
              }}
            >
              {t('webhook.clearSecret')}
            </Button>
          )}
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirmClear}
        title={t('webhook.confirmClear.title')}
        description={t('webhook.confirmClear.description')}
        confirmLabel={t('webhook.clearSecret')}
        cancelLabel={t('webhook.confirmClear.cancel')}
        destructive
        onCancel={() => {
          setConfirmClear(false);
        }}
        onConfirm={() => {
          setConfirmClear(false);
          send('');
        }}
      />
    </Card>
  );
}
