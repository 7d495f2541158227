// The portals feature's public face for other screens: Settings lists the portals' feeds.
export { MAPPING_PORTALS } from './components/portal-terms';
