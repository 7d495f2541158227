// Uploads that report their progress. fetch cannot tell how much of a request body has been
// sent, so these calls go through XMLHttpRequest; the answer is then read like every other
// call's (`answerData`), and a 401 waits for the in-place sign-in and sends the files again.
import { answerData, withSignInRetry } from '@/lib/api-client';

export interface UploadOptions {
  /** Told as the body goes out: bytes sent so far and in all (0 while unknown). */
  onProgress?: (sent: number, total: number) => void;
  /** Aborts the upload; the call then rejects with an `AbortError`. */
  signal?: AbortSignal;
}

/** Whether a call ended because it was cancelled rather than because it failed. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/** The XHR's answer as a fetch `Response`, so the API client reads it as any other. */
function responseOf(xhr: XMLHttpRequest): Response {
  const empty = xhr.status === 204 || xhr.status === 304;
  const contentType = xhr.getResponseHeader('Content-Type');
  return new Response(empty ? null : xhr.responseText, {
    status: xhr.status,
    statusText: xhr.statusText,
    headers: contentType === null ? {} : { 'Content-Type': contentType },
  });
}

function post(path: string, body: FormData, { onProgress, signal }: UploadOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => {
      xhr.abort();
    };
    const settle = () => {
      signal?.removeEventListener('abort', abort);
    };
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      onProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    });
    xhr.addEventListener('load', () => {
      settle();
      resolve(responseOf(xhr));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError(`POST ${path} could not reach the server`));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    signal?.addEventListener('abort', abort);
    xhr.send(body);
  });
}

/** Sends `fields` as one multipart form to `path` with progress, and reads the answer. */
export async function uploadForm<T>(path: string, fields: [name: string, file: File][], options: UploadOptions = {}): Promise<T> {
  const response = await withSignInRetry(path, () => {
    const body = new FormData();
    for (const [name, file] of fields) body.append(name, file);
    return post(path, body, options);
  });
  const data = await answerData<T>(response);
  if (data === undefined) throw new Error(`POST ${path} answered no data`);
  return data;
}
