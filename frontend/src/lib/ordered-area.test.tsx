import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { json, mockServer, sentBody } from '@/test/server';
import { nextDisplayOrder, orderedArea, type OrderedArea } from './ordered-area';

interface Item {
  id: number;
  version: number;
  displayOrder: number;
  name: string;
}

// Any ordered area behaves alike: the services' one, with records of the test's own shape.
const items = orderedArea('/api/services') as unknown as OrderedArea<Item, { name: string }>;
const stored: Item[] = [
  { id: 1, version: 1, displayOrder: 0, name: 'first' },
  { id: 2, version: 1, displayOrder: 1, name: 'second' },
];

function renderArea() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () => ({ list: items.useList(), reorder: items.useReorder(), remove: items.useDelete(), create: items.useCreate() }),
    { wrapper },
  );
  return { ...view, queryClient };
}

const names = (list: Item[] | undefined) => list?.map((item) => item.name);

describe('an ordered area', () => {
  it("offers a new record the place after the last one, or the rules' default in an empty list", () => {
    expect(nextDisplayOrder(stored)).toBe(2);
    expect(nextDisplayOrder([{ id: 9, version: 1, displayOrder: 7 }, ...stored])).toBe(8);
    expect(nextDisplayOrder([])).toBe(0);
    expect(nextDisplayOrder(undefined)).toBe(0);
  });

  it('shows a reorder at once and sends every id in the new order', async () => {
    let answerOrder: () => void = () => undefined;
    const server = mockServer({
      'GET /api/services': () => json(200, stored),
      'PUT /api/services/order': () =>
        new Promise((resolve) => {
          answerOrder = () => {
            resolve(json(200, [{ ...stored[1], displayOrder: 0 }, { ...stored[0], displayOrder: 1, version: 2 }]));
          };
        }),
    });
    const { result } = renderArea();
    await waitFor(() => {
      expect(result.current.list.data).toHaveLength(2);
    });

    act(() => {
      result.current.reorder.mutate([...stored].reverse());
    });

    await waitFor(() => {
      expect(names(result.current.list.data)).toEqual(['second', 'first']);
    });
    expect(result.current.list.data?.map((item) => item.displayOrder)).toEqual([0, 1]);
    expect(sentBody(server.calls('PUT /api/services/order')[0]?.[1])).toEqual({ ids: [2, 1] });
    answerOrder();
    await waitFor(() => {
      expect(result.current.reorder.isSuccess).toBe(true);
    });
  });

  it('puts the list back when the reorder is refused', async () => {
    let refused = false;
    let reads = 0;
    mockServer({
      // Only the first read answers: the list shown afterwards is the rollback's alone.
      'GET /api/services': () => (++reads === 1 ? json(200, stored) : new Promise<Response>(() => undefined)),
      'PUT /api/services/order': () => {
        refused = true;
        return json(404, { message: 'Service not found' });
      },
    });
    const { result } = renderArea();
    await waitFor(() => {
      expect(result.current.list.data).toHaveLength(2);
    });

    act(() => {
      result.current.reorder.mutate([...stored].reverse());
    });

    // The reorder was shown before it was sent, so the first order comes back by the rollback.
    await waitFor(() => {
      expect(refused).toBe(true);
    });
    await waitFor(() => {
      expect(names(result.current.list.data)).toEqual(['first', 'second']);
    });
  });

  it('deletes with the version it read and reads the list again', async () => {
    const server = mockServer({
      'GET /api/services': () => json(200, stored),
      'DELETE /api/services/2': () => new Response(null, { status: 204 }),
    });
    const { result } = renderArea();
    await waitFor(() => {
      expect(result.current.list.data).toHaveLength(2);
    });

    act(() => {
      result.current.remove.mutate({ id: 2, version: 1 });
    });

    await waitFor(() => {
      expect(server.calls('GET /api/services')).toHaveLength(2);
    });
    const headers = new Headers(server.calls('DELETE /api/services/2')[0]?.[1]?.headers);
    expect(headers.get('If-Match')).toBe('"1"');
  });

  it('reads the list again when a write is refused over a value taken meanwhile (409), not over its own input (422)', async () => {
    const server = mockServer({
      'GET /api/services': () => json(200, stored),
      'POST /api/services': (init) =>
        (sentBody(init) as { name: string }).name === 'taken'
          ? json(409, { message: 'A hero image for the Home page already exists' })
          : json(422, { message: 'Validation failed', errors: { name: 'This field is required' } }),
    });
    const { result } = renderArea();
    await waitFor(() => {
      expect(result.current.list.data).toHaveLength(2);
    });

    act(() => {
      result.current.create.mutate({ name: '' });
    });
    await waitFor(() => {
      expect(result.current.create.isError).toBe(true);
    });
    expect(server.calls('GET /api/services')).toHaveLength(1);

    act(() => {
      result.current.create.mutate({ name: 'taken' });
    });
    await waitFor(() => {
      expect(server.calls('GET /api/services')).toHaveLength(2);
    });
  });
});
