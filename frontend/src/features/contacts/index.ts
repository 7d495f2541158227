// The contacts feature's public face for other screens (the dashboard).
export { contactRequestsQueryKey, useDailyCounts, useRecentInquiries, type ContactRequest } from './api/contact-requests';
export { ContactStatusBadge } from './components/contact-status-badge';
export { useMyLeads, useResponseTimes } from './api/leads';
