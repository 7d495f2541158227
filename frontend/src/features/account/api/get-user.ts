import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@/generated/types';
import { api, ApiError, dataOf, withoutSignIn } from '@/lib/api-client';
import { withPreferences } from '../preferences';

export const userQueryKey = ['/api/user'] as const;

/**
 * The current user, in whose language and digits the interface then is; `null` when nobody
 * is signed in (the server answers 401).
 */
export async function getUser(): Promise<User | null> {
  try {
    return await withPreferences(await dataOf(api.GET('/api/user', withoutSignIn)));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function userQueryOptions() {
  return queryOptions({ queryKey: userQueryKey, queryFn: getUser });
}

export function useUser() {
  return useQuery(userQueryOptions());
}

export type { User };
