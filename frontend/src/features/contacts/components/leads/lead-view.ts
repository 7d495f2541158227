import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LEAD_VIEW_QUERIES, type LeadView } from '../../api/contact-requests';

export const LEAD_VIEWS = Object.keys(LEAD_VIEW_QUERIES) as LeadView[];

function viewFrom(value: string | null): LeadView | undefined {
  return LEAD_VIEWS.find((view) => view === value);
}

/**
 * The inbox's lead filter (issue 26), kept in the address beside its page, search and order
 * (see `useListAddress`): a new filter starts at the first page.
 */
export function useLeadView() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const view = viewFrom(new URLSearchParams(search).get('view'));
  const onViewChange = useCallback(
    (to: LeadView | undefined) => {
      const next = new URLSearchParams(search);
      next.delete('page');
      if (to === undefined) next.delete('view');
      else next.set('view', to);
      const text = next.toString();
      void navigate({ search: text === '' ? '' : `?${text}` });
    },
    [search, navigate],
  );
  return { view, onViewChange };
}
