/** The longest side, in pixels, of the PNG an SVG logo becomes. */
export const LOGO_RASTER_SIDE = 512;

/**
 * An SVG logo drawn into a PNG. An SVG can carry script, so the server refuses it (see
 * docs/adr/0007); drawn through an <img>, none of its script runs, and the PNG keeps
 * only its pixels. Other images pass as they are.
 */
export async function rasteriseSvg(dataUrl: string, file: File): Promise<string> {
  if (file.type !== 'image/svg+xml' && !dataUrl.startsWith('data:image/svg+xml')) return dataUrl;
  const image = new Image();
  image.src = dataUrl;
  await image.decode();
  const width = image.naturalWidth || LOGO_RASTER_SIDE;
  const height = image.naturalHeight || LOGO_RASTER_SIDE;
  const scale = LOGO_RASTER_SIDE / Math.max(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}
