import { api, dataOf } from '@/lib/api-client';
import { uploading, type UploadOptions } from './upload-files';

/**
 * `POST /api/upload-images`: the files as repeated `images` fields, answered with one media
 * reference per file in the order sent. One file the server refuses refuses the batch.
 */
export async function uploadImages(files: readonly File[], options: UploadOptions = {}): Promise<string[]> {
  const answer = await dataOf(api.POST('/api/upload-images', { body: { images: [...files] }, ...uploading(options) }));
  return answer.images;
}
