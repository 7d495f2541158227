import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attachmentName, download } from '@/lib/download';

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
  download(data, attachmentName(response.headers.get('Content-Disposition'), fallbackName));
}

/** `GET /api/imports/{id}/rejected`: the invalid rows with their messages, to fix and import again. */
export function useDownloadRejected(id: number) {
  return useMutation({
    mutationFn: () =>
      saveAnswer(
        api.GET('/api/imports/{id}/rejected', {
          params: { path: { id } },
          parseAs: 'blob',
        }),
        `rejected-rows-${id}.xlsx`,
      ),
  });
}

/** The empty export (headers only): the template a catalogue can be typed into. */
export function useDownloadTemplate() {
  return useMutation({
    mutationFn: () =>
      saveAnswer(
        api.GET('/api/properties/export', {
          params: { query: { format: 'xlsx', template: true } },
          parseAs: 'blob',
        }),
        'properties.xlsx',
      ),
  });
}
