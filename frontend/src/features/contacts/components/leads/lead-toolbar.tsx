import { Layers } from 'lucide-react';
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

/** The inbox's lead tools (issue 26): its filters, grouping repeat contacts, and 'Add Lead'. */
export function LeadToolbar({
  view,
  onViewChange,
  grouped,
  onGroupedChange,
}: {
  view: LeadView | undefined;
  onViewChange: (view: LeadView | undefined) => void;
  grouped: boolean;
  onGroupedChange: (grouped: boolean) => void;
}) {
  const { t } = useTranslation('contacts');
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <LeadFilters view={view} onViewChange={onViewChange} />
        <Button
          type="button"
          size="sm"
          variant={grouped ? 'default' : 'outline'}
          aria-pressed={grouped}
          onClick={() => {
            onGroupedChange(!grouped);
          }}
        >
          <Layers aria-hidden />
          {t('leads.group')}
        </Button>
      </div>
      <AddLeadButton />
    </div>
  );
}
