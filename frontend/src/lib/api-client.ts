// The request helper of core-panel §7: it turns responses into data or errors and nothing
// else. Toasts, redirects and field errors belong to the screens that call it.
import type { QueryFunction } from '@tanstack/react-query';
import type { ErrorBody as ErrorAnswer, FieldErrors } from '@/generated/types';

/** A non-2xx answer's JSON body as it arrived: the contract's shape, not taken on trust. */
export type ErrorBody = Partial<ErrorAnswer>;

/** A non-OK answer. Its message is `STATUS: body text` (core-panel §8). */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON body, when the answer was JSON. */
  readonly body: ErrorBody | undefined;

  constructor(status: number, statusText: string, bodyText: string, body: ErrorBody | undefined) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The sentence to show a person for a failed call: the server's `message` when it sent one. */
export function errorMessage(error: unknown): string {
  return serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
}

/** The `message` the server sent with a failed call, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && typeof error.body?.message === 'string' ? error.body.message : undefined;
}

/** The server's field-keyed validation messages carried by a failed call, if any. */
export function fieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiError ? (error.body?.errors ?? {}) : {};
}

function isJson(response: Response): boolean {
  return /\bjson\b/i.test(response.headers.get('content-type') ?? '');
}

function parseErrorBody(text: string): ErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  throw new ApiError(
    response.status,
    response.statusText,
    text,
    isJson(response) ? parseErrorBody(text) : undefined,
  );
}

async function readData<T>(response: Response): Promise<T | undefined> {
  if (response.status === 204 || !isJson(response)) return undefined;
  return (await response.json()) as T;
}

/** Sends one call with the session cookie; a JSON body only when `body` is given. */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<T | undefined> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  await throwIfNotOk(response);
  return readData<T>(response);
}

/** A call whose answer is a record: the record, or an error when the server sent none. */
export async function apiData<T>(method: string, path: string, body?: unknown): Promise<T> {
  const data = await apiRequest<T>(method, path, body);
  if (data === undefined) throw new Error(`${method} ${path} answered no data`);
  return data;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default read: a GET to the path that is the query key's first element. With
 * `on401: 'returnNull'` a 401 answer is the empty result instead of an error.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(String(queryKey[0]), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await readData<T>(response)) ?? null;
  };
}
