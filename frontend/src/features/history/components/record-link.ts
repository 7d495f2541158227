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
  service: '/services',
  processStep: '/services',
  testimonial: '/services',
  heroImage: '/admin/hero-images',
  aboutSection: '/about-management',
  companyValue: '/company-values',
  valuesSectionSettings: '/company-values',
};

/**
 * Where a changed record is seen: its screen, opened on the record itself where the screen
 * can do that (a property's edit dialog); a deleted record's screen only.
 */
export function recordLink(entity: Entity, id: number, deleted: boolean): string {
  const screen = SCREENS[entity];
  return entity === 'property' && !deleted ? `${screen}?edit=${id}` : screen;
}
