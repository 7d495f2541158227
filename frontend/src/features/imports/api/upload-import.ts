import { useMutation } from '@tanstack/react-query';
import { dataOf } from '@/lib/api-client';
import { importsApi } from './client';
import type { ImportUpload } from './types';

/** The multipart form of the upload: the file as the `file` field. */
function fileForm({ file }: { file: File }): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/**
 * `POST /api/imports/properties`: the server reads the file's columns, suggests a field for
 * each and answers the first rows as a sample. A 401 waits for the sign-in and sends the
 * file again.
 */
export function uploadImport(file: File): Promise<ImportUpload> {
  return dataOf(
    importsApi.POST('/api/imports/properties', { body: { file }, bodySerializer: fileForm }),
  ) as Promise<ImportUpload>;
}

export function useUploadImport() {
  return useMutation({ mutationFn: uploadImport });
}
