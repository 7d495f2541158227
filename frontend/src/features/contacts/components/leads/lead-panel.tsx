import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/features/account';
import { agentName, agentNameOf, useAgents } from '@/features/users';
import type { ContactRequest } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { isConflict, serverMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { constants, validate } from '@/lib/rules';
import { useAddLeadNote, useContactRequest, useLeadNotes, useUpdateLead } from '../../api/leads';
import { SourceLabel, TakeItButton } from './lead-cells';

/** An instant as a `datetime-local` input shows it: the browser's wall clock, to the minute. */
function localInputValue(instant: string | null | undefined): string {
  if (instant == null) return '';
  const at = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

function useFailureToast() {
  const { t } = useTranslation('contacts');
  return (title: string) => (error: Error) => {
    const description = isConflict(error) ? t('toast.changedMeanwhile') : serverMessage(error);
    toast({ title, description, variant: 'destructive' });
  };
}

/** Who has the lead: 'Take it' while nobody does; an admin gives it to any active user. */
function Assignee({ request }: { request: ContactRequest }) {
  const { t } = useTranslation('contacts');
  const agents = useAgents();
  const isAdmin = useAuth().user?.role === constants().adminRole;
  const update = useUpdateLead();
  const failed = useFailureToast();
  const [chosen, setChosen] = useState('');
  const active = (agents.data ?? []).filter((agent) => agent.isActive && agent.id !== request.assigneeId);
  return (
    <section className="grid gap-2">
      <h3 className="text-xs font-medium text-muted-foreground uppercase">{t('leads.panel.assignee')}</h3>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {request.assigneeId == null ? (
          <>
            <span className="text-muted-foreground">{t('leads.unassigned')}</span>
            <TakeItButton request={request} />
          </>
        ) : (
          <span data-testid="lead-assignee">{agentNameOf(agents.data, request.assigneeId) ?? ''}</span>
        )}
      </div>
      {isAdmin && (
        <div className="flex flex-wrap items-end gap-2">
          <FormField label={t('leads.panel.reassign')} className="min-w-48">
            <Select
              value={chosen}
              onChange={(event) => {
                setChosen(event.target.value);
              }}
            >
              <option value="" />
              {active.map((agent) => (
                <option key={agent.id} value={String(agent.id)}>
                  {agentName(agent)}
                </option>
              ))}
            </Select>
          </FormField>
          <Button
            type="button"
            variant="outline"
            disabled={chosen === '' || update.isPending}
            onClick={() => {
              update.mutate(
                { id: request.id, version: request.version, change: { assigneeId: Number(chosen) } },
                {
                  onSuccess: () => {
                    setChosen('');
                    toast({ title: t('leads.toast.assigned') });
                  },
                  onError: failed(t('leads.toast.assignFailed')),
                },
              );
            }}
          >
            {t('leads.panel.assign')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** When to follow the lead up: set to a local date and time, or cleared. */
function FollowUp({ request }: { request: ContactRequest }) {
  const { t } = useTranslation('contacts');
  const f = useFormat();
  const update = useUpdateLead();
  const failed = useFailureToast();
  const [value, setValue] = useState(localInputValue(request.followUpAt));
  const save = (followUpAt: string | null) => {
    update.mutate(
      { id: request.id, version: request.version, change: { followUpAt } },
      { onSuccess: () => toast({ title: t('leads.toast.followUpSaved') }), onError: failed(t('leads.toast.followUpFailed')) },
    );
  };
  return (
    <section className="grid gap-2">
      <h3 className="text-xs font-medium text-muted-foreground uppercase">{t('leads.panel.followUp')}</h3>
      <p className="text-sm">{request.followUpAt == null ? t('leads.panel.noFollowUp') : f.dateTime(request.followUpAt)}</p>
      <div className="flex flex-wrap items-end gap-2">
        <FormField label={t('leads.panel.followUp')} className="min-w-48">
          <Input
            type="datetime-local"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
            }}
          />
        </FormField>
        <Button
          type="button"
          variant="outline"
          disabled={value === '' || update.isPending}
          onClick={() => {
            save(new Date(value).toISOString());
          }}
        >
          {t('leads.panel.saveFollowUp')}
        </Button>
        {request.followUpAt != null && (
          <Button
            type="button"
            variant="ghost"
            disabled={update.isPending}
            onClick={() => {
              setValue('');
              save(null);
            }}
          >
            {t('leads.panel.clearFollowUp')}
          </Button>
        )}
      </div>
    </section>
  );
}

/** The internal notes, newest first, and a new one. */
function Notes({ id }: { id: number }) {
  const { t } = useTranslation('contacts');
  const f = useFormat();
  const notes = useLeadNotes(id);
  const add = useAddLeadNote(id);
  const failed = useFailureToast();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <section className="grid gap-3">
      <h3 className="text-xs font-medium text-muted-foreground uppercase">{t('leads.panel.notes')}</h3>
      <form
        noValidate
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const message = validate('leadNote', { body }).body;
          setError(message);
          if (message !== undefined) return;
          add.mutate(body, {
            onSuccess: () => {
              setBody('');
              toast({ title: t('leads.toast.noteAdded') });
            },
            onError: failed(t('leads.toast.noteFailed')),
          });
        }}
      >
        <FormField label={t('leads.panel.newNote')} error={error}>
          <Textarea
            rows={2}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
            }}
          />
        </FormField>
        <div>
          <Button type="submit" size="sm" disabled={add.isPending}>
            {t('leads.panel.addNote')}
          </Button>
        </div>
      </form>
      {notes.data !== undefined && notes.data.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('leads.panel.noNotes')}</p>
      )}
      <ol className="grid gap-2" aria-label={t('leads.panel.notes')}>
        {(notes.data ?? []).map((note) => (
          <li key={note.id} className="rounded-md border border-border p-3 text-sm">
            <p className="whitespace-pre-wrap">{note.body}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {note.authorName} · {f.dateTime(note.createdAt)}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The lead's part of the details dialog (issue 26), read afresh as it changes. */
export function LeadPanel({ id }: { id: number }) {
  const { t } = useTranslation('contacts');
  const f = useFormat();
  const request = useContactRequest(id);
  if (request.data === undefined) return null;
  const { firstResponseAt } = request.data;
  return (
    <div className="grid gap-4 border-t border-border pt-4">
      <p className="text-sm">
        <span className="text-muted-foreground">{t('leads.panel.source')}: </span>
        <SourceLabel request={request.data} />
      </p>
      <p className="text-sm" data-testid="lead-first-response">
        <span className="text-muted-foreground">{t('leads.panel.firstResponse')}: </span>
        {firstResponseAt == null ? t('leads.panel.notAnswered') : f.dateTime(firstResponseAt)}
      </p>
      <Assignee request={request.data} />
      <FollowUp key={request.data.followUpAt ?? ''} request={request.data} />
      <Notes id={id} />
    </div>
  );
}
