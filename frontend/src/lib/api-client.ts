// The request helper of core-panel §7: it turns responses into data or errors and nothing
// else. Toasts, redirects and field errors belong to the screens that call it. Every call
// goes through one typed client (openapi-fetch's `Client` over the `paths` generated from
// the server's OpenAPI document), so a path, its parameters, its body and its answer are
// typed together. Two mechanisms of the contract live here, free of UI: the edit-conflict
// header (If-Match) and the retry of a call refused for an expired session once the UI has
// signed in again.
import type { Client } from 'openapi-fetch';
import type { paths } from '@/generated/api';
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

/** Raises the `ApiError` of a non-OK answer: how every call reads a failure. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  throw new ApiError(
    response.status,
    response.statusText,
    text,
    isJson(response) ? parseErrorBody(text) : undefined,
  );
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
const SESSION_PATHS = new Set([
  '/api/login',
  '/api/login/second-factor',
  '/api/login/second-factor/setup',
  '/api/login/second-factor/enrol',
  '/api/register',
  '/api/logout',
]);

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

type Scalar = string | number | boolean | null | undefined;

/** What a call of the typed client may carry: the subset of openapi-fetch's options used here. */
interface CallInit {
  params?: { path?: Record<string, Scalar>; query?: Record<string, Scalar> };
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal | null;
  parseAs?: 'json' | 'blob';
  bodySerializer?: (body: never) => BodyInit;
  fetch?: (request: Request) => Promise<Response>;
}

/** The address of a call: its path with the path parameters put in, and its query. */
function address(path: string, { path: values = {}, query = {} }: NonNullable<CallInit['params']>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return `${filled}${text === '' ? '' : `?${text}`}`;
}

async function call(method: string, path: string, init: CallInit = {}): Promise<{ data?: unknown; response: Response }> {
  const { params = {}, body, headers = {}, signal, parseAs = 'json', bodySerializer, fetch: own } = init;
  const serialized = body === undefined ? undefined : bodySerializer ? bodySerializer(body as never) : JSON.stringify(body);
  const allHeaders = typeof serialized === 'string' ? { 'Content-Type': 'application/json', ...headers } : headers;
  const url = address(path, params);
  const request: RequestInit = {
    method,
    credentials: 'include',
    ...(Object.keys(allHeaders).length === 0 ? {} : { headers: allHeaders }),
    ...(serialized === undefined ? {} : { body: serialized }),
    ...(signal == null ? {} : { signal }),
  };
  // A call that brings its own fetch (an upload) gets the call as openapi-fetch hands it one.
  const response = own
    ? await own(new Request(new URL(url, globalThis.location.origin), request))
    : await withSignInRetry(path, () => fetch(url, request));
  await throwIfNotOk(response);
  if (response.status === 204 || (parseAs === 'json' && !isJson(response))) return { data: undefined, response };
  return { data: parseAs === 'blob' ? await response.blob() : await response.json(), response };
}

/**
 * The one client of the API, typed from its OpenAPI document by openapi-fetch's `Client`. A
 * failed call rejects with its `ApiError`; a 401 (session expired) waits for the sign-in and
 * is sent again. The calls are made here rather than by openapi-fetch's own runtime, which
 * would add 2.3 kB gzip to the sign-in screen's first load and put it over its budget.
 */
export const api = {
  GET: (path: string, init?: CallInit) => call('GET', path, init),
  POST: (path: string, init?: CallInit) => call('POST', path, init),
  PUT: (path: string, init?: CallInit) => call('PUT', path, init),
  DELETE: (path: string, init?: CallInit) => call('DELETE', path, init),
} as unknown as Pick<Client<paths>, 'GET' | 'POST' | 'PUT' | 'DELETE'>;

/**
 * The options of the check whether anyone is signed in (a GET), whose 401 is an answer
 * ("nobody is"), never a reason to ask for a sign-in.
 */
export const withoutSignIn = {
  fetch: (request: Request) => fetch(new URL(request.url).pathname, { credentials: 'include', signal: request.signal }),
};

/** The headers of a write that fails with 412 if the record changed since it was read at `version`. */
export function ifMatch(version: number): { 'If-Match': string } {
  return { 'If-Match': `"${version}"` };
}

/** What a typed call resolves to once a failure has raised its `ApiError`. */
interface Answered<T> {
  data?: T;
  response: Response;
}

/** A call's answer that must carry data: the data, or an error when the server sent none. */
export async function dataOf<T>(call: Promise<Answered<T>>): Promise<T> {
  const { data, response } = await call;
  if (data === undefined) throw new Error(`The call answered ${response.status} with no data`);
  return data;
}

/** One page of a list at scale, and how many rows all its pages hold. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * One page of a list at scale (contract "Lists at scale"): the rows, and the total from
 * `X-Total-Count`. An answer without that header (the plain array) counts its rows.
 */
export async function pageOf<T>(call: Promise<Answered<T[]>>): Promise<Page<T>> {
  const { data, response } = await call;
  const rows = data ?? [];
  const header = response.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  return { rows, total: Number.isInteger(total) && total >= 0 ? total : rows.length };
}
