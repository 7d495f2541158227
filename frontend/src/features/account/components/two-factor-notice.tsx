import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormat } from '@/lib/format';
import { useTwoFactor } from '../api/two-factor';

/**
 * Tells a signed-in user whom the policy requires to enrol a second factor by when, on
 * every screen and so at each sign-in, until they have.
 */
export function TwoFactorNotice() {
  const { t } = useTranslation('twoFactor');
  const f = useFormat();
  const status = useTwoFactor();
  const due = status.data?.required === true && !status.data.enabled ? status.data.enrolBy : null;
  if (due == null) return null;
  return (
    <div role="status" className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-6 py-3 text-sm text-amber-900">
      <ShieldAlert aria-hidden className="size-4 shrink-0" />
      <span>
        {t('notice', { date: f.date(due) })}{' '}
        <Link to="/account" className="font-medium underline">
          {t('noticeLink')}
        </Link>
      </span>
    </div>
  );
}
