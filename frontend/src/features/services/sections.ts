// The screen's three tabs and their addresses. The tab, the add page and each edit page
// have an address of their own (`/services/<section>[/new | /<id>/edit]`), under the
// /admin prefix when the screen was opened there, so a reload stays where the person was.
import { useLocation } from 'react-router-dom';

/** The tabs in their order, by the name each has in the address. */
export const SECTIONS = ['services', 'process', 'testimonials'] as const;

export type Section = (typeof SECTIONS)[number];

/** The section an address names, or none for a name that is not one. */
export function sectionNamed(name: string | undefined): Section | undefined {
  return SECTIONS.find((section) => section === name);
}

/** A record id as an edit address spells it: digits only, from 1. */
export function recordIdNamed(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,15}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 ? id : undefined;
}

export interface SectionPaths {
  tab: (section: Section) => string;
  add: (section: Section) => string;
  edit: (section: Section, id: number) => string;
}

/** The screen's addresses, keeping the /admin prefix of the current one. */
export function useSectionPaths(): SectionPaths {
  const { pathname } = useLocation();
  const base = pathname.startsWith('/admin/') ? '/admin/services' : '/services';
  return {
    tab: (section) => `${base}/${section}`,
    add: (section) => `${base}/${section}/new`,
    edit: (section, id) => `${base}/${section}/${String(id)}/edit`,
  };
}
