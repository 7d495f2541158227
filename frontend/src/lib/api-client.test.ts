import { describe, expect, it } from 'vitest';
import { json, mockServer } from '@/test/server';
import { ApiError, apiRequest, errorMessage, fieldErrors, getQueryFn } from './api-client';

const queryContext = (path: string) =>
  ({ queryKey: [path], signal: new AbortController().signal, meta: undefined }) as unknown as Parameters<
    ReturnType<typeof getQueryFn>
  >[0];

describe('apiRequest', () => {
  it('raises "STATUS: body text" for a non-OK answer and keeps the parsed body', async () => {
    const body = { message: 'Invalid username or password' };
    mockServer({ 'POST /api/login': () => json(401, body) });

    const error = await apiRequest('POST', '/api/login', { username: 'a', password: 'b' }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`401: ${JSON.stringify(body)}`);
    expect((error as ApiError).status).toBe(401);
    expect(errorMessage(error)).toBe('Invalid username or password');
  });

  it('uses the status text when the error body is empty', async () => {
    mockServer({ 'GET /api/broken': () => new Response(null, { status: 503, statusText: 'Service Unavailable' }) });

    await expect(apiRequest('GET', '/api/broken')).rejects.toThrow('503: Service Unavailable');
  });

  it('keeps the field errors of a 422 answer for the form', async () => {
    const errors = { username: 'first message', password: 'second message' };
    mockServer({ 'POST /api/login': () => json(422, { message: 'Validation failed', errors }) });

    const error = await apiRequest('POST', '/api/login', {}).catch((caught: unknown) => caught);

    expect(fieldErrors(error)).toEqual(errors);
  });

  it('sends credentials always and a JSON body only when one is given', async () => {
    const server = mockServer({
      'POST /api/logout': () => new Response(null, { status: 204 }),
      'POST /api/login': () => json(200, { id: 1 }),
    });

    await apiRequest('POST', '/api/logout');
    await apiRequest('POST', '/api/login', { username: 'a' });

    const [, withoutBody] = server.calls('POST /api/logout')[0] ?? [];
    expect(withoutBody).toEqual({ method: 'POST', credentials: 'include' });
    const [, withBody] = server.calls('POST /api/login')[0] ?? [];
    expect(withBody).toMatchObject({
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"a"}',
    });
  });

  it('gives no data for a 204 answer', async () => {
    mockServer({ 'POST /api/logout': () => new Response(null, { status: 204 }) });

    await expect(apiRequest('POST', '/api/logout')).resolves.toBeUndefined();
  });

  it('parses an answer as JSON only when its content type says so', async () => {
    mockServer({
      'GET /api/text': () => new Response('plain', { status: 200, headers: { 'Content-Type': 'text/plain' } }),
      'GET /api/json': () => json(200, [1, 2]),
    });

    await expect(apiRequest('GET', '/api/text')).resolves.toBeUndefined();
    await expect(apiRequest('GET', '/api/json')).resolves.toEqual([1, 2]);
  });
});

describe('getQueryFn', () => {
  it('reads the path that is the query key', async () => {
    mockServer({ 'GET /api/user': () => json(200, { id: 1, username: 'admin' }) });

    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/user'))).resolves.toEqual({
      id: 1,
      username: 'admin',
    });
  });

  it('answers null for a 401 when told to', async () => {
    mockServer({ 'GET /api/user': () => json(401, { message: 'Not signed in' }) });

    await expect(getQueryFn({ on401: 'returnNull' })(queryContext('/api/user'))).resolves.toBeNull();
  });

  it('raises the 401 by default', async () => {
    mockServer({ 'GET /api/user': () => json(401, { message: 'Not signed in' }) });

    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/user'))).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    );
  });
});
