import { clsx, type ClassValue } from 'clsx';

/** Settles conflicting Tailwind utilities; a plain join until `loadClassMerging` has run. */
let merge: (classes: string) => string = (classes) => classes;

/**
 * Joins class names, letting later Tailwind utilities win over conflicting earlier ones.
 *
 * The merging (tailwind-merge, 9 kB of gzip) is fetched with every screen's code except the
 * sign-in page's (app/routes): that page is every visit's first download (docs/adr/0015) and
 * gives no kit a conflicting class, which its browser test checks on the rendered page.
 */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

/** Fetches tailwind-merge and lets `cn` merge with it from then on. */
export async function loadClassMerging(): Promise<void> {
  const { twMerge } = await import('tailwind-merge');
  merge = twMerge;
}
