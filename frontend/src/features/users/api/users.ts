import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User, UserCreateInput, UserUpdateInput } from '@/generated/types';
import { trashBatch } from '@/lib/trash';
import { api, dataOf, ifMatch, listsChanged, type Versioned, type VersionedUpdate } from '@/lib/api-client';
import { agentsQueryKey } from './agents';

/** What the user dialog sends: a payload both the create and the edit call take. */
export type UserPayload = UserCreateInput & UserUpdateInput;

export const usersQueryKey = ['/api/users'] as const;

export function getUsers(): Promise<User[]> {
  return dataOf(api.GET('/api/users'));
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });
}

export function useUsers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...usersQueryOptions(), enabled });
}

export function createUser(input: UserPayload): Promise<User> {
  return dataOf(api.POST('/api/users', { body: input }));
}

export function updateUser({ id, version, input }: VersionedUpdate<UserPayload>): Promise<User> {
  return dataOf(api.PUT('/api/users/{id}', { params: { path: { id } }, body: input, headers: ifMatch(version) }));
}

export async function deleteUser({ id, version }: Versioned): Promise<string | undefined> {
  return trashBatch(api.DELETE('/api/users/{id}', { params: { path: { id } }, headers: ifMatch(version) }));
}

function useUsersMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The directory of agents names the same users.
    onSettled: (_data, error) =>
      listsChanged(error)
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: usersQueryKey }),
            queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
          ])
        : undefined,
  });
}

export function useCreateUser() {
  return useUsersMutation(createUser);
}

export function useUpdateUser() {
  return useUsersMutation(updateUser);
}

/** Removes a user's second factor, as when their phone is lost (docs/adr/0032). */
export function resetTwoFactor(id: number): Promise<User> {
  return dataOf(api.DELETE('/api/users/{id}/two-factor', { params: { path: { id } } }));
}

export function useResetTwoFactor() {
  return useUsersMutation(resetTwoFactor);
}

export function useDeleteUser() {
  return useUsersMutation(deleteUser);
}

export type { User };
