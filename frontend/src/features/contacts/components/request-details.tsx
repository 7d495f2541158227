import { Mail, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useProperty } from '@/features/properties';
import type { ReplyTo } from '@/generated/types';
import { englishText, latinValue, pickText, useArabicFirst } from '@/lib/bilingual';
import { arabicText } from '@/lib/form';
import { runRule } from '@/lib/rules';
import type { ContactRequest } from '../api/contact-requests';
import { ContactStatusBadge } from './contact-status-badge';
import { useRecordResponse } from '../api/leads';
import { EarlierRequests } from './leads/earlier-requests';
import { LeadPanel } from './leads/lead-panel';
import { useFormat } from '@/lib/format';

function replyTo(request: ContactRequest): ReplyTo {
  return {
    name: request.name,
    email: request.email,
    phone: request.phone ?? null,
    subject: request.subject,
    language: request.language === 'ar' ? 'ar' : 'en',
  };
}

/** The 'Send Email' draft: 'Re: ' and the subject, with the rules' canned reply in the request's language. */
export function mailLink(request: ContactRequest): string {
  return runRule('contact.mailLink', replyTo(request)) as string;
}

/** The WhatsApp chat with the canned greeting; null when the phone holds no usable number. */
export function whatsappLink(request: ContactRequest): string | null {
  return runRule('contact.whatsappLink', replyTo(request)) as string | null;
}

function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'grid gap-1 sm:col-span-2' : 'grid gap-1'}>
      <dt className="text-xs font-medium text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/**
 * The related listing's id, as the specification shows it, then its title in the interface
 * language once it arrives.
 */
function PropertyName({ id }: { id: number }) {
  const { t } = useTranslation('contacts');
  const arabicFirst = useArabicFirst();
  const property = useProperty(id);
  const label = t('details.propertyLink', { id });
  if (property.data === undefined) return <>{label}</>;
  return (
    <>
      {label}: {pickText(arabicFirst, property.data.titleEn, property.data.titleAr)}
    </>
  );
}

/** The details dialog (core §2): everything the visitor sent, with ways to answer them. */
export function RequestDetails({
  request,
  onClose,
  onOpen,
}: {
  request: ContactRequest | null;
  onClose: () => void;
  /** Shows another request in the dialog: one of the same person's earlier ones. */
  onOpen: (request: ContactRequest) => void;
}) {
  const { t } = useTranslation('contacts');
  const f = useFormat();
  const whatsapp = request === null ? null : whatsappLink(request);
  const recordResponse = useRecordResponse();
  const textProps = request?.language === 'ar' ? arabicText : englishText;
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {request !== null && (
        <DialogContent closeLabel={t('close')} className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{t('details.title')}</DialogTitle>
            <DialogDescription>{t('details.description')}</DialogDescription>
          </DialogHeader>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label={t('details.name')}>
              <span {...textProps}>{request.name}</span>
            </Field>
            <Field label={t('details.status')}>
              <ContactStatusBadge status={request.status} />
            </Field>
            <Field label={t('details.email')}>
              <span className="flex flex-wrap items-center gap-2">
                <span className="break-all" {...latinValue}>
                  {request.email}
                </span>
                <Button asChild size="sm" variant="outline">
                  <a
                    href={mailLink(request)}
                    onClick={() => {
                      recordResponse.mutate({ id: request.id, channel: 'email' });
                    }}
                  >
                    <Mail aria-hidden />
                    {t('details.sendEmail')}
                  </a>
                </Button>
              </span>
            </Field>
            <Field label={t('details.phone')}>
              <span className="flex flex-wrap items-center gap-2">
                {request.phone == null ? <span>{t('details.noPhone')}</span> : <span {...latinValue}>{request.phone}</span>}
                {whatsapp !== null && (
                  <Button asChild size="sm" variant="outline">
                    <a
                      href={whatsapp}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={() => {
                        recordResponse.mutate({ id: request.id, channel: 'whatsapp' });
                      }}
                    >
                      <MessageCircle aria-hidden />
                      {t('details.whatsapp')}
                    </a>
                  </Button>
                )}
              </span>
            </Field>
            <Field label={t('details.date')}>{f.dateTime(request.createdAt)}</Field>
            {request.propertyId != null && (
              <Field label={t('details.property')}>
                <Link className="text-primary underline" to={`/properties?edit=${request.propertyId}`}>
                  <PropertyName id={request.propertyId} />
                </Link>
              </Field>
            )}
            <Field label={t('details.subject')} wide>
              <span {...textProps}>{request.subject}</span>
            </Field>
            <Field label={t('details.message')} wide>
              <p className="rounded-md bg-muted p-3 whitespace-pre-wrap" {...textProps}>
                {request.message}
              </p>
            </Field>
          </dl>
          <EarlierRequests request={request} onOpen={onOpen} />
          <LeadPanel id={request.id} />
        </DialogContent>
      )}
    </Dialog>
  );
}
