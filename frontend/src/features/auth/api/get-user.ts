import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api-client';
import type { User } from '@/generated/types';


export const userQueryKey = ['/api/user'] as const;

/** The current user; `null` when nobody is signed in (the server answers 401). */
export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
  });
}

export function useUser() {
  return useQuery(userQueryOptions());
}

export type { User };
