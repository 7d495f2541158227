import { describe, expect, it } from 'vitest';
import { isActiveRoute, NAV_ITEMS, visibleNavItems } from './nav';

describe('side bar entries', () => {
  it('lists every entry of the specification, in order', () => {
    expect(NAV_ITEMS.map((item) => item.href)).toEqual([
      '/',
      '/properties',
      '/categories',
      '/management',
      '/services',
      '/team',
      '/admin/hero-images',
      '/about-management',
      '/users',
      '/features-management',
      '/contacts',
      '/trash',
      '/portals',
      '/settings',
    ]);
  });

  it('shows Users, Trash and Portals to the admin role only', () => {
    expect(visibleNavItems('admin').map((item) => item.href)).toContain('/users');
    expect(visibleNavItems('admin').map((item) => item.href)).toContain('/trash');
    expect(visibleNavItems('admin').map((item) => item.href)).toContain('/portals');
    expect(visibleNavItems('user').map((item) => item.href)).not.toContain('/users');
    expect(visibleNavItems('user').map((item) => item.href)).not.toContain('/trash');
    expect(visibleNavItems('user').map((item) => item.href)).not.toContain('/portals');
    expect(visibleNavItems(undefined).map((item) => item.href)).not.toContain('/users');
  });
});

describe('active entry', () => {
  it("matches '/' exactly", () => {
    expect(isActiveRoute('/', '/')).toBe(true);
    expect(isActiveRoute('/', '/properties')).toBe(false);
  });

  it('matches other entries by prefix', () => {
    expect(isActiveRoute('/properties', '/properties')).toBe(true);
    expect(isActiveRoute('/properties', '/properties/new')).toBe(true);
    expect(isActiveRoute('/properties', '/categories')).toBe(false);
  });

  it('matches whole path segments only', () => {
    expect(isActiveRoute('/management', '/about-management')).toBe(false);
    expect(isActiveRoute('/team', '/teams')).toBe(false);
  });

  it('treats the /admin prefix as the unprefixed path', () => {
    expect(isActiveRoute('/properties', '/admin/properties')).toBe(true);
    expect(isActiveRoute('/', '/admin')).toBe(true);
    expect(isActiveRoute('/admin/hero-images', '/admin/hero-images')).toBe(true);
  });
});
