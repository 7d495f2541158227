import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';

/** The multipart form of the upload: the file as the `file` field. */
function fileForm({ file }: { file: Blob }): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/**
 * `POST /api/imports/properties`: the server reads the file's columns, suggests a field for
 * each and answers the first rows as a sample. A 401 waits for the sign-in and sends the
 * file again.
 */
export function uploadImport(file: File) {
  return dataOf(api.POST('/api/imports/properties', { body: { file }, bodySerializer: fileForm }));
}

export function useUploadImport() {
  return useMutation({ mutationFn: uploadImport });
}
