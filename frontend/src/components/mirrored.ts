/**
 * The class that mirrors a directional icon (chevrons, back and forward arrows, 'Next' and
 * 'Previous', a collapse arrow) on a right-to-left page. Icons without a direction (a bin,
 * a pencil, a house) are left as they are.
 */
export const MIRROR_IN_RTL = 'rtl:-scale-x-100';
