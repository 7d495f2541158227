import type { HeroImage, HeroImageInput, HeroPage } from '@/generated/types';
import { orderedArea } from '@/lib/ordered-area';

/** The hero images' calls: one banner per public page, so the list is by page and never reordered. */
export const heroImages = orderedArea('/api/hero-images');

export type { HeroImage, HeroImageInput, HeroPage };
