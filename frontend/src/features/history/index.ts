// The history feature's public face: a record's history inside its edit dialog, and the
// recent activity the dashboard shows.
export { RecordHistory, type RecordHistoryProps } from './components/record-history';
export { recordLink } from './components/record-link';
export { whoName } from './components/change-text';
export { historyQueryKey } from './api/get-record-history';
export { useRecentActivity, type Activity } from './api/get-recent-activity';
