import { vi } from 'vitest';

/**
 * A stand-in for the Rocket server: answers by "METHOD /path" (the query included), or by
 * "METHOD /path?*" for that path with any query; records every call.
 */
export type Handler = (init: RequestInit | undefined, url?: URL) => Response | Promise<Response>;

/** A handler that reads the call's query parameters (for a "METHOD /path?*" key). */
export function withQuery(
  handler: (query: URLSearchParams, init: RequestInit | undefined) => Response | Promise<Response>,
): Handler {
  return (init, url) => handler(url?.searchParams ?? new URLSearchParams(), init);
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const signedOut: Handler = () => json(401, { message: 'Not signed in' });

function pathOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

export function mockServer(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = pathOf(input);
    const key = `${method} ${path}`;
    const url = new URL(path, 'http://localhost');
    const handler = handlers[key] ?? handlers[`${method} ${url.pathname}?*`];
    if (handler === undefined) return json(404, { message: `no handler for ${key}` });
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    calls: (key: string) =>
      fetchMock.mock.calls.filter(([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${pathOf(input)}` === key),
  };
}

export const admin = { id: 1, username: 'admin', role: 'admin', email: null, fullName: null, isActive: true };

export const signedIn: Handler = () => json(200, admin);

/** The JSON body a recorded call sent. */
export function sentBody(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

/** A handler answering `status` with `body` (204 with no body for a delete). */
export function answer(status: number, body?: unknown): Handler {
  return () => (status === 204 ? new Response(null, { status }) : json(status, body));
}
