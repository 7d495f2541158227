import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { LeadView } from '../../api/contact-requests';
import { AddLeadButton } from './add-lead-dialog';
import { LEAD_VIEWS } from './lead-view';

/** All, Mine, Unassigned, Overdue, Follow-ups due: one at a time. */
function LeadFilters({ view, onViewChange }: { view: LeadView | undefined; onViewChange: (view: LeadView | undefined) => void }) {
  const { t } = useTranslation('contacts');
  const choices: (LeadView | undefined)[] = [undefined, ...LEAD_VIEWS];
  return (
    <div role="group" aria-label={t('leads.filters.label')} className="flex flex-wrap gap-2">
      {choices.map((choice) => (
        <Button
          key={choice ?? 'all'}
          type="button"
          size="sm"
          variant={choice === view ? 'default' : 'outline'}
          aria-pressed={choice === view}
          onClick={() => {
            onViewChange(choice);
          }}
        >
          {t(`leads.filters.${choice ?? 'all'}`)}
        </Button>
      ))}
    </div>
  );
}

/** The inbox's lead tools (issue 26): its filters, and 'Add Lead'. */
export function LeadToolbar(props: { view: LeadView | undefined; onViewChange: (view: LeadView | undefined) => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <LeadFilters {...props} />
      <AddLeadButton />
    </div>
  );
}
