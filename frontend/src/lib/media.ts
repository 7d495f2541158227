/** The widths `/media` scales images to (the contract's "Media"); any other width is refused. */
export type MediaWidth = 160 | 320 | 640 | 1280;

/**
 * The reference of an image's copy scaled to `width`: only files of the panel's own media
 * store can be scaled, so outside URLs and inline data (a file just chosen) are returned as
 * they are.
 */
export function scaledImage(reference: string, width: MediaWidth): string {
  if (!reference.startsWith('/media/')) return reference;
  const [path = reference] = reference.split('?', 1);
  return `${path}?w=${String(width)}`;
}
