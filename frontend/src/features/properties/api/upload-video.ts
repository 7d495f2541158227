import { api, dataOf } from '@/lib/api-client';
import { uploading, type UploadOptions } from './upload-files';

/** `POST /api/upload-video`: one MP4, WebM or MOV file as the `video` field, answered with its media path. */
export async function uploadVideo(file: File, options: UploadOptions = {}): Promise<string> {
  const answer = await dataOf(api.POST('/api/upload-video', { body: { video: file }, ...uploading(options) }));
  return answer.url;
}
