import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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

/** A typed call's answer when the file is read as a blob. */
interface FileAnswer {
  data?: Blob;
  response: Response;
}

/**
 * Saves the file a call answers, under the server's name. The call goes through the client,
 * so an expired session signs in again over the wizard rather than leaving it for an error
 * page.
 */
async function saveAnswer(call: Promise<FileAnswer>, fallbackName: string): Promise<void> {
  const { data, response } = await call;
  if (data === undefined) throw new Error(`The call answered ${response.status} with no file`);
  save(data, attachmentName(response.headers.get('Content-Disposition')) ?? fallbackName);
}

/** `GET /api/imports/{id}/rejected`: the invalid rows with their messages, to fix and import again. */
export function useDownloadRejected(id: number) {
  return useMutation({
    mutationFn: () =>
      saveAnswer(api.GET('/api/imports/{id}/rejected', { params: { path: { id } }, parseAs: 'blob' }), `rejected-rows-${id}.xlsx`),
  });
}

/**
 * The properties export's call, by its path's text until the export's route joins the
 * generated paths (issue 25's export helper).
 */
const getExport = api.GET as unknown as (
  path: '/api/properties/export',
  init: { params: { query: { format: 'xlsx' | 'csv'; template: boolean } }; parseAs: 'blob' },
) => Promise<FileAnswer>;

/** The empty export (headers only): the template a catalogue can be typed into. */
export function useDownloadTemplate() {
  return useMutation({
    mutationFn: () =>
      saveAnswer(getExport('/api/properties/export', { params: { query: { format: 'xlsx', template: true } }, parseAs: 'blob' }), 'properties.xlsx'),
  });
}
