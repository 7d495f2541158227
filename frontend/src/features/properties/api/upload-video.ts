import type { UploadedVideo } from '@/generated/types';
import { uploadForm, type UploadOptions } from './upload-files';

/** `POST /api/upload-video`: one MP4, WebM or MOV file as the `video` field, answered with its media path. */
export async function uploadVideo(file: File, options: UploadOptions = {}): Promise<string> {
  const answer = await uploadForm<UploadedVideo>('/api/upload-video', [['video', file]], options);
  return answer.url;
}
