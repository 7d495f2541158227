// The portals feature's public face for other screens: Settings lists the portals' feeds.
export { pendingApi } from './api/pending-api';
export { MAPPING_PORTALS } from './components/portal-terms';
// generated later: these come from '@/generated/types' once the server's types are generated.
export type { CompanySettings, FeedToken, FeedTokenInput, MappingPortal, Portal, SettingsInput } from './types';
