import type { Category } from '@/features/categories';
import { constants } from '@/lib/rules';
import type { ListingKind } from './type-choice';

/** What the form starts with for each card (core-panel §2): its category and display type. */
export interface Preselection {
  categoryId: number | undefined;
  displayType: 'investment' | 'public';
}

/**
 * Investment preselects the category named 'investment' and Sale the one named
 * 'residential', matched by name without case; no category when none has that name.
 */
export function preselection(kind: ListingKind, categories: readonly Category[]): Preselection {
  const { investmentCategoryName, saleCategoryName } = constants();
  const wanted = (kind === 'investment' ? investmentCategoryName : saleCategoryName).toLowerCase();
  const category = categories.find((candidate) => candidate.nameEn.toLowerCase() === wanted);
  return { categoryId: category?.id, displayType: kind === 'investment' ? 'investment' : 'public' };
}
