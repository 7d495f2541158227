// The Advertising tab (issue 39): when the listing is public (its publishing window) and
// the permit its place's authority requires of an active listing.
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useArabicFirst } from '@/lib/bilingual';
import { knownAuthority, needsContract } from './advertising';
import { DateTimeField, DayField } from './date-fields';
import { Section, TextField, usePropertyForm } from './fields';
import { lifecycleLabel } from './offering';
import { PermitQrField } from './permit-qr-field';

/** The browser's time zone by name ('Asia/Dubai'), which the publishing window is shown in. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The authority's name as the interface shows it: a known one's full name, another as the place spells it. */
function useAuthorityName(authority: string): string {
  const arabicFirst = useArabicFirst();
  const term = knownAuthority(authority);
  return term === undefined ? authority : lifecycleLabel(arabicFirst, 'advertisingAuthorities', term);
}

function GoverningAuthority({ authority }: { authority: string }) {
  const { t } = useTranslation('propertyForm');
  const name = useAuthorityName(authority);
  return (
    <div className="grid gap-1 rounded-md border border-border bg-muted/40 p-3 text-sm">
      <p className="font-medium">{t('advertising.regulatedBy', { authority: name })}</p>
      <p className="text-muted-foreground">{t('advertising.permitRequired')}</p>
    </div>
  );
}

export interface AdvertisingTabProps {
  /** The authority of the place the form has chosen; none where no level names one. */
  authority: string | null;
  /** Told whether the QR code's upload is under way. */
  onUploadingChange: (uploading: boolean) => void;
}

export function AdvertisingTab({ authority, onUploadingChange }: AdvertisingTabProps) {
  const { t } = useTranslation('propertyForm');
  const { control } = usePropertyForm();
  const contractEndsAt = useWatch({ control, name: 'contractEndsAt' });
  // The contract's end belongs to REGA's licences; one already held stays visible elsewhere,
  // so that it can be seen and cleared.
  const showContract = needsContract(authority) || (contractEndsAt ?? '') !== '';
  return (
    <div className="grid gap-6">
      <Section title={t('advertising.publishing')}>
        <p className="text-sm text-muted-foreground">
          {t('advertising.publishingHint', { zone: browserTimeZone() })}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <DateTimeField name="publishAt" label={t('fields.publishAt')} />
          <DateTimeField name="unpublishAt" label={t('fields.unpublishAt')} />
        </div>
      </Section>
      <Section title={t('advertising.permit')}>
        {/* Read out when the place, and with it the authority, changes. */}
        <div role="status">
          {authority === null ? (
            <p className="rounded-md border border-border bg-muted/40 p-3 text-sm">{t('advertising.notRegulated')}</p>
          ) : (
            <GoverningAuthority authority={authority} />
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField name="permitNumber" label={t('fields.permitNumber')} ltr />
          <DayField name="permitIssuedAt" label={t('fields.permitIssuedAt')} edge="start" />
          <DayField
            name="permitExpiresAt"
            label={t('fields.permitExpiresAt')}
            edge="end"
            hint={t('advertising.untilEndOfDay')}
          />
          {showContract && (
            <DayField
              name="contractEndsAt"
              label={t('fields.contractEndsAt')}
              edge="end"
              hint={t('advertising.untilEndOfDay')}
            />
          )}
        </div>
        <PermitQrField onUploadingChange={onUploadingChange} />
      </Section>
    </div>
  );
}
