import type { Term } from '@/generated/types';
import { termLabel } from '@/lib/bilingual';
import { vocabulary } from '@/lib/rules';

let cachedPages: Term[] | undefined;

/** The seven pages that can carry a hero, in the rules' order ('index' labelled 'Home'). */
export function heroPages(): Term[] {
  cachedPages ??= vocabulary('heroPages');
  return cachedPages;
}

/** A page's label as the rules name it (in Arabic when `arabicFirst`); the stored value when the rules do not know it. */
export function pageLabel(pageName: string, arabicFirst: boolean): string {
  const page = heroPages().find((term) => term.value === pageName);
  return page === undefined ? pageName : termLabel(arabicFirst, 'heroPages', page);
}

/** Where a page comes in the rules' order, so cards follow the public site's pages. */
export function pagePosition(pageName: string): number {
  const position = heroPages().findIndex((page) => page.value === pageName);
  return position === -1 ? heroPages().length : position;
}
