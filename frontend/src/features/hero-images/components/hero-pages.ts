import type { Term } from '@/generated/types';
import { vocabulary } from '@/lib/rules';

let cachedPages: Term[] | undefined;

/** The seven pages that can carry a hero, in the rules' order ('index' labelled 'Home'). */
export function heroPages(): Term[] {
  cachedPages ??= vocabulary('heroPages');
  return cachedPages;
}

/** A page's label as the rules name it; the stored value when the rules do not know it. */
export function pageLabel(pageName: string): string {
  return heroPages().find((page) => page.value === pageName)?.label ?? pageName;
}

/** Where a page comes in the rules' order, so cards follow the public site's pages. */
export function pagePosition(pageName: string): number {
  const position = heroPages().findIndex((page) => page.value === pageName);
  return position === -1 ? heroPages().length : position;
}
