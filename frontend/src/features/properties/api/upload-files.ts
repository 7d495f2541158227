// Uploads that report their progress. fetch cannot tell how much of a request body has been
// sent, so these calls go through XMLHttpRequest, as the `fetch` of their typed call: the
// client types the call and reads its answer like every other's, and a 401 waits for the
// in-place sign-in and sends the files again.
import { throwIfNotOk, withSignInRetry } from '@/lib/api-client';

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

/** A multipart form of files, by field name, as the API's upload calls take it. */
export type Files = Record<string, Blob | readonly Blob[]>;

function formOf(files: Files): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(files)) {
    for (const file of value instanceof Blob ? [value] : value) form.append(name, file);
  }
  return form;
}

/**
 * The options of a typed upload call: its body sent as one multipart form, through
 * XMLHttpRequest so that `onProgress` hears how much has gone out. The form is sent as it
 * is (the browser streams its files) rather than read back from the call's `Request`.
 */
export function uploading(options: UploadOptions = {}) {
  let form: FormData | null = null;
  return {
    bodySerializer: (files: Files) => (form = formOf(files)),
    fetch: async (request: Request) => {
      const path = new URL(request.url).pathname;
      const body = form ?? new FormData();
      const response = await withSignInRetry(path, () => post(path, body, options));
      await throwIfNotOk(response);
      return response;
    },
  };
}
