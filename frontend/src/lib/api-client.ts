// The request helper of core-panel §7: it turns responses into data or errors and nothing
// else. Toasts, redirects and field errors belong to the screens that call it. Two
// mechanisms of the contract live here, free of UI: the edit-conflict header (If-Match) and
// the retry of a call refused for an expired session once the UI has signed in again.
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

/** A record as the panel last read it: edits and deletes send its version back (If-Match). */
export interface Versioned {
  id: number;
  version: number;
}

/** What an update sends: the record, the version it was read at, and its new values. */
export interface VersionedUpdate<TInput> extends Versioned {
  input: TInput;
}

/** Whether a write was refused because the record changed since it was read (412). */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 412;
}

/**
 * Whether the lists a write touched are worth reading again: it went through, or it was
 * refused because the record had changed meanwhile (412), so they show a stale record.
 */
export function listsChanged(error: Error | null): boolean {
  return error === null || isConflict(error);
}

/**
 * The record as it is now, carried by a 412 (the same record type the list and the form
 * read, which the caller knows).
 */
export function conflictRecord(error: unknown): Versioned | undefined {
  if (!isConflict(error)) return undefined;
  // The body is parsed JSON, not checked against its type: `current` may be anything.
  const current: unknown = error.body?.current;
  if (typeof current !== 'object' || current === null) return undefined;
  const { id, version } = current as Record<string, unknown>;
  return typeof id === 'number' && typeof version === 'number' ? { ...current, id, version } : undefined;
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

/**
 * Signs in again while the panel is open; resolves once signed in, rejects when the person
 * gives up. Provided by the UI, which owns the dialog.
 */
export type Reauthenticate = () => Promise<void>;

let reauthenticate: Reauthenticate | null = null;
/** The sign-in under way, shared by every call that met a 401 meanwhile. */
let reauthentication: Promise<void> | null = null;
/** Counts completed sign-ins, so a call sent before the latest one retries without asking. */
let signIns = 0;

/**
 * The sign-in calls themselves answer 401 for wrong credentials or no session: those
 * answers are the result, never a reason to ask for a sign-in.
 */
const SESSION_PATHS = new Set(['/api/login', '/api/register', '/api/logout']);

/**
 * Registers the UI's sign-in for expired sessions; calls answered 401 wait for it and are
 * then sent again. Answers the function that unregisters it.
 */
export function setReauthenticate(handler: Reauthenticate): () => void {
  reauthenticate = handler;
  return () => {
    if (reauthenticate === handler) reauthenticate = null;
  };
}

function signInAgain(handler: Reauthenticate): Promise<void> {
  reauthentication ??= handler()
    .then(() => {
      signIns += 1;
    })
    .finally(() => {
      reauthentication = null;
    });
  return reauthentication;
}

/**
 * Makes a call through `attempt`; a 401 (session expired) waits for the registered sign-in
 * and makes the same call once more. Without a handler, or when the person gives up, the
 * 401 is the answer. Calls that need more than fetch (an upload reporting its progress)
 * bring their own `attempt`.
 */
export async function withSignInRetry(path: string, attempt: () => Promise<Response>): Promise<Response> {
  const signInsBefore = signIns;
  const response = await attempt();
  const handler = reauthenticate;
  if (response.status !== 401 || handler === null || SESSION_PATHS.has(path)) return response;
  if (signIns === signInsBefore) {
    try {
      await signInAgain(handler);
    } catch {
      return response;
    }
  }
  return attempt();
}

function send(path: string, init: RequestInit): Promise<Response> {
  return withSignInRetry(path, () => fetch(path, init));
}

/** An answer's data, or the `ApiError` of a non-OK answer: how every call reads its answer. */
export async function answerData<T>(response: Response): Promise<T | undefined> {
  await throwIfNotOk(response);
  return readData<T>(response);
}

export interface RequestOptions {
  /** The version the record had when read: the write fails with 412 if it changed since. */
  ifMatch?: number | undefined;
}

/** Sends one call with the session cookie; a JSON body only when `body` is given. */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  { ifMatch }: RequestOptions = {},
): Promise<T | undefined> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (ifMatch !== undefined) headers['If-Match'] = `"${ifMatch}"`;
  const response = await send(path, {
    method,
    credentials: 'include',
    ...(Object.keys(headers).length === 0 ? {} : { headers }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return answerData<T>(response);
}

/** A call whose answer is a file (an export): its bytes, or the `ApiError` of a non-OK answer. */
export async function apiBlob(method: string, path: string, body?: unknown): Promise<Blob> {
  const response = await send(path, {
    method,
    credentials: 'include',
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  await throwIfNotOk(response);
  return response.blob();
}

/** A call whose answer is a record: the record, or an error when the server sent none. */
export async function apiData<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const data = await apiRequest<T>(method, path, body, options);
  if (data === undefined) throw new Error(`${method} ${path} answered no data`);
  return data;
}

/** One page of a list at scale, and how many rows all its pages hold. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * Reads one page of a list at scale (contract "Lists at scale"): the rows, and the total
 * from `X-Total-Count`. An answer without that header (the plain array) counts its rows.
 */
export async function apiPage<T>(path: string, { signal }: { signal?: AbortSignal } = {}): Promise<Page<T>> {
  const response = await send(path, { credentials: 'include', ...(signal === undefined ? {} : { signal }) });
  await throwIfNotOk(response);
  const rows = (await readData<T[]>(response)) ?? [];
  const header = response.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  return { rows, total: Number.isInteger(total) && total >= 0 ? total : rows.length };
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default read: a GET to the path that is the query key's first element. With
 * `on401: 'returnNull'` a 401 answer is the empty result instead of an error (the check
 * for a session, which must not ask for a sign-in); otherwise a 401 waits for one.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const path = String(queryKey[0]);
    const init: RequestInit = { credentials: 'include', signal };
    const response = on401 === 'returnNull' ? await fetch(path, init) : await send(path, init);
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await readData<T>(response)) ?? null;
  };
}
