import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { agentNameOf, useAgents } from '@/features/users';
import type { ContactRequest } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/api-client';
import { useTermLabel } from '@/lib/bilingual';
import { useFormat } from '@/lib/format';
import { vocabulary } from '@/lib/rules';
import { useClaimLead } from '../../api/leads';

/** Whether the request's follow-up time has come, and it is still open. */
export function followUpDue(request: ContactRequest, now: number = Date.now()): boolean {
  return request.followUpAt != null && request.status !== 'closed' && Date.parse(request.followUpAt) <= now;
}

/** 'Take it' on an unassigned lead, for whoever is signed in. */
export function TakeItButton({ request }: { request: ContactRequest }) {
  const { t } = useTranslation('contacts');
  const claim = useClaimLead();
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      className="h-7 px-2 text-xs"
      disabled={claim.isPending}
      aria-label={t('leads.takeItFor', { name: request.name })}
      onClick={() => {
        claim.mutate(request.id, {
          onSuccess: () => toast({ title: t('leads.toast.taken') }),
          onError: (error) =>
            toast({ title: t('leads.toast.takeFailed'), description: serverMessage(error), variant: 'destructive' }),
        });
      }}
    >
      {t('leads.takeIt')}
    </Button>
  );
}

/** Who handles the lead (or 'Take it'), and whether it waits too long or is due a follow-up. */
export function AssigneeCell({ request }: { request: ContactRequest }) {
  const { t } = useTranslation('contacts');
  const f = useFormat();
  const agents = useAgents();
  const followUp = followUpDue(request);
  return (
    <div className="grid justify-items-start gap-1">
      {request.assigneeId == null ? (
        <>
          <span className="text-muted-foreground">{t('leads.unassigned')}</span>
          <TakeItButton request={request} />
        </>
      ) : (
        <span>{agentNameOf(agents.data, request.assigneeId) ?? ''}</span>
      )}
      {request.overdue && <Badge variant="destructive">{t('leads.overdue')}</Badge>}
      {followUp && request.followUpAt != null && (
        <Badge variant="outline" title={f.dateTime(request.followUpAt)}>
          {t('leads.followUpDue')}
        </Badge>
      )}
    </div>
  );
}

/** How the lead came in, in the interface's language. */
export function SourceLabel({ request }: { request: ContactRequest }) {
  const termLabel = useTermLabel();
  const term = vocabulary('leadSources').find(({ value }) => value === request.source);
  return <>{term === undefined ? request.source : termLabel('leadSources', term)}</>;
}
