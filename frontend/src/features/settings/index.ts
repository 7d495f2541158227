// The settings feature's public face for other screens: the company's settings, which the
// property form reads for the portals a new listing is published to.
export { settingsQueryKey, useSettings } from './api/settings';
