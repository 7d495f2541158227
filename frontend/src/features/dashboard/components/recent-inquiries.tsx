import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ContactStatusBadge, useRecentInquiries } from '@/features/contacts';
import { arabicText } from '@/lib/form';
import { constants } from '@/lib/rules';
import { useFormat } from '@/lib/format';
import { englishText } from '@/lib/bilingual';

/**
 * 'Recent Inquiries' (core-panel §2): up to 3 of the newest 5 contact requests, each with
 * the initial of the name, the name, a status badge, the subject and the date.
 */
export function RecentInquiries() {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const { dashboardInquiries, dashboardInquirySlice } = constants();
  const recent = useRecentInquiries(dashboardInquirySlice);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t('recentInquiries')}</CardTitle>
        <Button asChild variant="outline" size="sm">
          <Link to="/contact-requests">{t('viewAll')}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {recent.isError ? (
          <QueryError error={recent.error} />
        ) : recent.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('common.loading', { ns: 'translation' })}
          </p>
        ) : recent.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('noRecentInquiries')}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t('recentInquiries')}>
            {recent.data.slice(0, dashboardInquiries).map((inquiry) => {
              const text = inquiry.language === 'ar' ? arabicText : englishText;
              return (
                <li key={inquiry.id} className="flex min-w-0 items-center gap-3 rounded-lg border border-border p-3">
                  <span
                    aria-hidden
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground uppercase"
                  >
                    {inquiry.name.charAt(0)}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="flex items-center gap-2">
                      <span className="truncate font-medium" {...text}>
                        {inquiry.name}
                      </span>
                      <ContactStatusBadge status={inquiry.status} />
                    </p>
                    <p className="truncate text-sm text-muted-foreground" {...text}>
                      {inquiry.subject}
                    </p>
                  </div>
                  <span className="text-xs whitespace-nowrap text-muted-foreground">{f.date(inquiry.createdAt)}</span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
