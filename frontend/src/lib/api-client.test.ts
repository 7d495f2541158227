import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockServer, sentBody } from '@/test/server';
import {
  api,
  ApiError,
  conflictRecord,
  dataOf,
  errorMessage,
  fieldErrors,
  ifMatch,
  isConflict,
  pageOf,
  setReauthenticate,
  withoutSignIn,
} from './api-client';

const credentials = { username: 'a', password: 'b' };
const homes = { nameEn: 'Homes', nameAr: 'منازل' };
const category = (id: number) => ({ params: { path: { id } } });

describe('the API client', () => {
  it('raises "STATUS: body text" for a non-OK answer and keeps the parsed body', async () => {
    const body = { message: 'Invalid username or password' };
    mockServer({ 'POST /api/login': () => json(401, body) });

    const error = await api.POST('/api/login', { body: credentials }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`401: ${JSON.stringify(body)}`);
    expect((error as ApiError).status).toBe(401);
    expect(errorMessage(error)).toBe('Invalid username or password');
  });

  it('uses the status text when the error body is empty', async () => {
    mockServer({ 'GET /api/stats': () => new Response(null, { status: 503, statusText: 'Service Unavailable' }) });

    await expect(api.GET('/api/stats')).rejects.toThrow('503: Service Unavailable');
  });

  it('keeps the field errors of a 422 answer for the form', async () => {
    const errors = { username: 'first message', password: 'second message' };
    mockServer({ 'POST /api/login': () => json(422, { message: 'Validation failed', errors }) });

    const error = await api.POST('/api/login', { body: credentials }).catch((caught: unknown) => caught);

    expect(fieldErrors(error)).toEqual(errors);
  });

  it('sends credentials always and a JSON body only when one is given', async () => {
    const server = mockServer({
      'POST /api/logout': () => new Response(null, { status: 204 }),
      'POST /api/login': () => json(200, { id: 1 }),
    });

    await api.POST('/api/logout');
    await api.POST('/api/login', { body: credentials });

    const [, withoutBody] = server.calls('POST /api/logout')[0] ?? [];
    expect(withoutBody).toEqual({ method: 'POST', credentials: 'include' });
    const [, withBody] = server.calls('POST /api/login')[0] ?? [];
    expect(withBody).toMatchObject({
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials),
    });
  });

  it('gives no data for a 204 answer', async () => {
    mockServer({ 'POST /api/logout': () => new Response(null, { status: 204 }) });

    await expect(api.POST('/api/logout')).resolves.toMatchObject({ data: undefined });
  });

  it('parses an answer as JSON only when its content type says so', async () => {
    mockServer({
      'GET /api/stats': () => new Response('plain', { status: 200, headers: { 'Content-Type': 'text/plain' } }),
      'GET /api/categories': () => json(200, [1, 2]),
    });

    await expect(api.GET('/api/stats')).resolves.toMatchObject({ data: undefined });
    await expect(dataOf(api.GET('/api/categories'))).resolves.toEqual([1, 2]);
  });

  it('reads a JSON answer as data, and a file as a Blob when asked to', async () => {
    const workbook = 'PK\u0003\u0004';
    mockServer({
      'GET /api/categories': () => json(200, [{ id: 1 }]),
      'GET /api/contact-requests/export?period=all&now=2025-01-01T00%3A00%3A00&offset=0': () =>
        new Response(workbook, { status: 200, headers: { 'Content-Type': 'application/octet-stream' } }),
    });

    await expect(dataOf(api.GET('/api/categories'))).resolves.toEqual([{ id: 1 }]);
    const query = { period: 'all', now: '2025-01-01T00:00:00', offset: 0 } as const;
    const file = await dataOf(api.GET('/api/contact-requests/export', { params: { query }, parseAs: 'blob' }));
    await expect(file.text()).resolves.toBe(workbook);
  });

  it('sends the path parameters and the query in the address', async () => {
    const server = mockServer({ 'GET /api/cities?countryId=2': () => json(200, []) });

    await api.GET('/api/cities', { params: { query: { countryId: 2 } } });

    expect(server.calls('GET /api/cities?countryId=2')).toHaveLength(1);
  });
});

describe('edit conflicts', () => {
  it('sends the version read as If-Match: "N"', async () => {
    const server = mockServer({ 'PUT /api/categories/4': () => json(200, { id: 4, version: 3 }) });

    await api.PUT('/api/categories/{id}', { ...category(4), body: homes, headers: ifMatch(2) });

    const [, init] = server.calls('PUT /api/categories/4')[0] ?? [];
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json', 'If-Match': '"2"' });
  });

  it('sends If-Match on a delete, which has no body', async () => {
    const server = mockServer({ 'DELETE /api/categories/4': () => new Response(null, { status: 204 }) });

    await api.DELETE('/api/categories/{id}', { ...category(4), headers: ifMatch(7) });

    const [, init] = server.calls('DELETE /api/categories/4')[0] ?? [];
    expect(init).toEqual({ method: 'DELETE', credentials: 'include', headers: { 'If-Match': '"7"' } });
  });

  it('reads the current record from a 412', async () => {
    const current = { id: 4, version: 3, nameEn: 'Villas' };
    mockServer({ 'PUT /api/categories/4': () => json(412, { message: 'Changed meanwhile', current }) });

    const error = await api
      .PUT('/api/categories/{id}', { ...category(4), body: homes, headers: ifMatch(2) })
      .catch((caught: unknown) => caught);

    expect(isConflict(error)).toBe(true);
    expect(conflictRecord(error)).toEqual(current);
  });

  it('finds no current record in other failures', async () => {
    mockServer({ 'PUT /api/categories/4': () => json(409, { message: 'Taken', current: { id: 4, version: 3 } }) });

    const error = await api.PUT('/api/categories/{id}', { ...category(4), body: homes }).catch((caught: unknown) => caught);

    expect(isConflict(error)).toBe(false);
    expect(conflictRecord(error)).toBeUndefined();
  });
});

describe('a session that expired', () => {
  let unregister: () => void = () => undefined;
  afterEach(() => {
    unregister();
  });

  /** A server whose session is gone until `signIn` runs. */
  function expiringServer() {
    let signedIn = false;
    const server = mockServer({
      'PUT /api/categories/1': (init) =>
        signedIn ? json(200, { id: 1, version: 2, ...(sentBody(init) as object) }) : json(401, { message: 'Sign in to continue' }),
      'GET /api/categories': () => (signedIn ? json(200, [{ id: 1 }]) : json(401, { message: 'Sign in to continue' })),
      'POST /api/login': () => json(401, { message: 'Invalid username or password' }),
      'GET /api/user': () => json(401, { message: 'Not signed in' }),
    });
    return {
      server,
      signIn: () => {
        signedIn = true;
      },
    };
  }

  it('waits for the sign-in, then sends the same call again', async () => {
    const { server, signIn } = expiringServer();
    const reauthenticate = vi.fn(() => {
      signIn();
      return Promise.resolve();
    });
    unregister = setReauthenticate(reauthenticate);

    const saved = await dataOf(api.PUT('/api/categories/{id}', { ...category(1), body: homes, headers: ifMatch(1) }));

    expect(saved).toEqual({ id: 1, version: 2, ...homes });
    expect(reauthenticate).toHaveBeenCalledTimes(1);
    const [first, retry] = server.calls('PUT /api/categories/1').map(([, init]) => init);
    expect(retry).toEqual(first);
  });

  it('asks once for several calls refused at the same time, and retries each', async () => {
    const { server, signIn } = expiringServer();
    let finish: () => void = () => undefined;
    const reauthenticate = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            signIn();
            resolve();
          };
        }),
    );
    unregister = setReauthenticate(reauthenticate);

    const calls = Promise.all([
      dataOf(api.PUT('/api/categories/{id}', { ...category(1), body: homes })),
      dataOf(api.GET('/api/categories')),
    ]);
    await vi.waitFor(() => {
      expect(server.calls('GET /api/categories')).toHaveLength(1);
      expect(server.calls('PUT /api/categories/1')).toHaveLength(1);
    });
    finish();

    await expect(calls).resolves.toEqual([{ id: 1, version: 2, ...homes }, [{ id: 1 }]]);
    expect(reauthenticate).toHaveBeenCalledTimes(1);
  });

  it('answers the 401 when the person gives up signing in', async () => {
    const { server } = expiringServer();
    unregister = setReauthenticate(() => Promise.reject(new Error('closed')));

    const error = await api.PUT('/api/categories/{id}', { ...category(1), body: homes }).catch((caught: unknown) => caught);

    expect((error as ApiError).status).toBe(401);
    expect(errorMessage(error)).toBe('Sign in to continue');
    expect(server.calls('PUT /api/categories/1')).toHaveLength(1);
  });

  it('never asks for the sign-in call itself, nor for the check whether anyone is signed in', async () => {
    expiringServer();
    const reauthenticate = vi.fn(() => Promise.resolve());
    unregister = setReauthenticate(reauthenticate);

    await expect(api.POST('/api/login', { body: credentials })).rejects.toThrow(/^401/);
    await expect(api.GET('/api/user', withoutSignIn)).rejects.toThrow(/^401/);

    expect(reauthenticate).not.toHaveBeenCalled();
  });

  it('raises the 401 when no sign-in is registered (no panel open)', async () => {
    expiringServer();

    await expect(api.PUT('/api/categories/{id}', { ...category(1), body: homes })).rejects.toThrow(/^401/);
  });

  it('retries without asking again a call sent before a sign-in that has since completed', async () => {
    let signedIn = false;
    let answerLate: (response: Response) => void = () => undefined;
    const server = mockServer({
      'GET /api/categories': () => (signedIn ? json(200, []) : json(401, {})),
      'GET /api/countries': () =>
        signedIn
          ? json(200, [])
          : new Promise<Response>((resolve) => {
              answerLate = resolve;
            }),
    });
    const reauthenticate = vi.fn(() => {
      signedIn = true;
      return Promise.resolve();
    });
    unregister = setReauthenticate(reauthenticate);

    const late = dataOf(api.GET('/api/countries'));
    await vi.waitFor(() => {
      expect(server.calls('GET /api/countries')).toHaveLength(1);
    });
    await api.GET('/api/categories');
    answerLate(json(401, {}));

    await expect(late).resolves.toEqual([]);
    expect(reauthenticate).toHaveBeenCalledTimes(1);
  });
});

describe('pageOf', () => {
  it('reads the rows and the total of every page from X-Total-Count', async () => {
    mockServer({ 'GET /api/properties?page=2': () => json(200, [{ id: 11 }], { 'X-Total-Count': '25' }) });

    await expect(pageOf(api.GET('/api/properties', { params: { query: { page: 2 } } }))).resolves.toEqual({
      rows: [{ id: 11 }],
      total: 25,
    });
  });

  it('counts the rows of an answer without the header', async () => {
    mockServer({ 'GET /api/properties': () => json(200, [{ id: 1 }, { id: 2 }]) });

    await expect(pageOf(api.GET('/api/properties'))).resolves.toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 2 });
  });

  it('raises the answer of a refused page', async () => {
    mockServer({ 'GET /api/properties?sort=-price': () => json(400, { message: 'Unknown sort field' }) });

    await expect(pageOf(api.GET('/api/properties', { params: { query: { sort: '-price' } } }))).rejects.toBeInstanceOf(
      ApiError,
    );
  });
});
