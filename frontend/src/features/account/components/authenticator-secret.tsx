import { useTranslation } from 'react-i18next';
import { CopyField } from '@/components/copy-field';
import type { Enrolment } from '@/generated/types';

/**
 * How to add the account to an authenticator app: the QR code the server drew (an image,
 * so nothing in it runs) and the secret as text for apps that are typed into.
 */
export function AuthenticatorSecret({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useTranslation('twoFactor');
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('scan')}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={t('qrAlt')}
        width={200}
        height={200}
        className="mx-auto rounded-md border bg-white"
      />
      <CopyField label={t('secret')} value={enrolment.secret} />
    </div>
  );
}
