import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LEAD_VIEW_QUERIES, type LeadView } from '../../api/contact-requests';

export const LEAD_VIEWS = Object.keys(LEAD_VIEW_QUERIES) as LeadView[];

function viewFrom(value: string | null): LeadView | undefined {
  return LEAD_VIEWS.find((view) => view === value);
}

/**
 * The inbox's lead filter and whether repeat contacts are grouped (issue 26), kept in the
 * address beside its page, search and order (see `useListAddress`): a change starts at the
 * first page.
 */
export function useLeadView() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const view = viewFrom(params.get('view'));
  const grouped = params.get('repeats') === 'grouped';
  const setParam = useCallback(
    (name: string, value: string | undefined) => {
      const next = new URLSearchParams(search);
      next.delete('page');
      if (value === undefined) next.delete(name);
      else next.set(name, value);
      const text = next.toString();
      void navigate({ search: text === '' ? '' : `?${text}` });
    },
    [search, navigate],
  );
  const onViewChange = useCallback(
    (to: LeadView | undefined) => {
      setParam('view', to);
    },
    [setParam],
  );
  const onGroupedChange = useCallback(
    (to: boolean) => {
      setParam('repeats', to ? 'grouped' : undefined);
    },
    [setParam],
  );
  return { view, onViewChange, grouped, onGroupedChange };
}
