// The typed client's calls for the import API, until the generated paths carry it: the same
// `api`, read by path text. Once `make types` has run this file goes and the calls use `api`.
import { api } from '@/lib/api-client';

interface CallInit {
  params?: { path?: Record<string, string | number>; query?: Record<string, string | number | boolean> };
  body?: unknown;
  parseAs?: 'json' | 'blob';
  bodySerializer?: (body: never) => BodyInit;
  signal?: AbortSignal;
}

type Call = (path: string, init?: CallInit) => Promise<{ data?: unknown; response: Response }>;

export const importsApi = api as unknown as Record<'GET' | 'POST' | 'PUT', Call>;
