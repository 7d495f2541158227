import { useMutation } from '@tanstack/react-query';
import { importsApi } from './client';

/** The file name a `Content-Disposition` header gives (its UTF-8 form first), if any. */
export function attachmentName(header: string | null): string | undefined {
  if (header === null) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded !== undefined) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: the plain name, if any, follows.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim();
}

/** Saves `blob` as a download named `name`. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
}

/**
 * Downloads a file the API answers, through the client (so an expired session signs in
 * again over the wizard rather than leaving it for an error page), under the server's name.
 */
async function download(path: string, init: Parameters<typeof importsApi.GET>[1], fallbackName: string) {
  const { data, response } = await importsApi.GET(path, { ...init, parseAs: 'blob' });
  if (data === undefined) throw new Error(`${path} answered ${response.status} with no file`);
  save(data as Blob, attachmentName(response.headers.get('Content-Disposition')) ?? fallbackName);
}

/** `GET /api/imports/{id}/rejected`: the invalid rows with their messages, to fix and import again. */
export function useDownloadRejected(id: number) {
  return useMutation({
    mutationFn: () => download('/api/imports/{id}/rejected', { params: { path: { id } } }, `rejected-rows-${id}.xlsx`),
  });
}

/** The empty export (headers only): the template a catalogue can be typed into. */
export function useDownloadTemplate() {
  return useMutation({
    mutationFn: () =>
      download('/api/properties/export', { params: { query: { format: 'xlsx', template: true } } }, 'properties.xlsx'),
  });
}
