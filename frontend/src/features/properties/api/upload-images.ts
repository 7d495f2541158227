import type { UploadedImages } from '@/generated/types';
import { uploadForm, type UploadOptions } from './upload-files';

/**
 * `POST /api/upload-images`: the files as repeated `images` fields, answered with one media
 * reference per file in the order sent. One file the server refuses refuses the batch.
 */
export async function uploadImages(files: readonly File[], options: UploadOptions = {}): Promise<string[]> {
  const answer = await uploadForm<UploadedImages>(
    '/api/upload-images',
    files.map((file) => ['images', file]),
    options,
  );
  return answer.images;
}
