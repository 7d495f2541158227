import {
  Building2,
  FolderTree,
  Image,
  Info,
  LayoutDashboard,
  Mail,
  Settings,
  Sparkles,
  Trash2,
  UserCog,
  Users,
  Wrench,
  Briefcase,
  Globe,
  type LucideIcon,
} from 'lucide-react';
import { constants } from '@/lib/rules';

/** Counts shown as badges beside their entries; fed by the screens that own the data. */
export interface NavBadges {
  properties?: number;
  contactRequests?: number;
  /** The signed-in user's own pending leads (issue 26). */
  myLeads?: number;
}

export type NavLabel =
  | 'dashboard'
  | 'properties'
  | 'categories'
  | 'management'
  | 'services'
  | 'team'
  | 'heroImages'
  | 'aboutManagement'
  | 'users'
  | 'propertyFeatures'
  | 'contactRequests'
  | 'trash'
  | 'portals'
  | 'settings';

export interface NavItem {
  label: NavLabel;
  href: string;
  icon: LucideIcon;
  badge?: keyof NavBadges;
  /** A second, outlined badge: the signed-in user's share of the entry's work. */
  ownBadge?: keyof NavBadges;
  adminOnly?: boolean;
}

/** The side bar's entries, in the order of core-panel §2. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'dashboard', href: '/', icon: LayoutDashboard },
  { label: 'properties', href: '/properties', icon: Building2, badge: 'properties' },
  { label: 'categories', href: '/categories', icon: FolderTree },
  { label: 'management', href: '/management', icon: Wrench },
  { label: 'services', href: '/services', icon: Briefcase },
  { label: 'team', href: '/team', icon: Users },
  { label: 'heroImages', href: '/admin/hero-images', icon: Image },
  { label: 'aboutManagement', href: '/about-management', icon: Info },
  { label: 'users', href: '/users', icon: UserCog, adminOnly: true },
  { label: 'propertyFeatures', href: '/features-management', icon: Sparkles },
  { label: 'contactRequests', href: '/contacts', icon: Mail, badge: 'contactRequests', ownBadge: 'myLeads' },
  { label: 'trash', href: '/trash', icon: Trash2, adminOnly: true },
  { label: 'portals', href: '/portals', icon: Globe, adminOnly: true },
  { label: 'settings', href: '/settings', icon: Settings },
];

/** The entries a user of `role` sees: Users, Trash and Portals only for the admin role (core-panel §6, issue 41). */
export function visibleNavItems(role: string | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => item.adminOnly !== true || role === constants().adminRole);
}

const ADMIN_PREFIX = /^\/admin(?=\/|$)/;

function withoutAdminPrefix(path: string): string {
  const stripped = path.replace(ADMIN_PREFIX, '');
  return stripped === '' ? '/' : stripped;
}

/**
 * Whether the entry for `href` is the current one: exact for '/', by prefix otherwise.
 * A prefix matches whole path segments, and the optional /admin prefix is ignored on both
 * sides, so /admin/properties/12 marks Properties and /admin marks Dashboard.
 */
export function isActiveRoute(href: string, pathname: string): boolean {
  const entry = withoutAdminPrefix(href);
  const current = withoutAdminPrefix(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
  if (entry === '/') return current === '/';
  return current === entry || current.startsWith(`${entry}/`);
}
