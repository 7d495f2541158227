import type { Entity } from '@/generated/types';

/** The screen that shows each kind of record. */
const SCREENS: Record<Entity, string> = {
  category: '/categories',
  propertyType: '/types',
  country: '/management',
  city: '/management',
  region: '/management',
  propertyFeature: '/features-management',
  property: '/properties',
  contactRequest: '/contacts',
  user: '/users',
  settings: '/settings',
  teamMember: '/team',
  service: '/services/services',
  processStep: '/services/process',
  testimonial: '/services/testimonials',
  heroImage: '/admin/hero-images',
  aboutSection: '/about-management',
  companyValue: '/company-values',
  valuesSectionSettings: '/company-values',
  leadNote: '/contacts',
  portalMapping: '/portals',
  feedToken: '/settings',
};

/** Where the screen opens a record itself: a property's edit dialog, a service's edit page. */
const RECORD_PAGES: Partial<Record<Entity, (screen: string, id: number) => string>> = {
  property: (screen, id) => `${screen}?edit=${String(id)}`,
  service: (screen, id) => `${screen}/${String(id)}/edit`,
  processStep: (screen, id) => `${screen}/${String(id)}/edit`,
  testimonial: (screen, id) => `${screen}/${String(id)}/edit`,
};

/**
 * Where a changed record is seen: its screen, opened on the record itself where the screen
 * can do that; a deleted record's screen only.
 */
export function recordLink(entity: Entity, id: number, deleted: boolean): string {
  const screen = SCREENS[entity];
  const page = RECORD_PAGES[entity];
  return page === undefined || deleted ? screen : page(screen, id);
}
