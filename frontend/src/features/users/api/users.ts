import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User, UserCreateInput, UserUpdateInput } from '@/generated/types';
import { apiData, apiRequest, listsChanged, type Versioned, type VersionedUpdate } from '@/lib/api-client';

/** What the user dialog sends: a payload both the create and the edit call take. */
export type UserPayload = UserCreateInput & UserUpdateInput;

export const usersQueryKey = ['/api/users'] as const;

export function getUsers(): Promise<User[]> {
  return apiData<User[]>('GET', '/api/users');
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });
}

export function useUsers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...usersQueryOptions(), enabled });
}

export function createUser(input: UserPayload): Promise<User> {
  return apiData<User>('POST', '/api/users', input);
}

export function updateUser({ id, version, input }: VersionedUpdate<UserPayload>): Promise<User> {
  return apiData<User>('PUT', `/api/users/${id}`, input, { ifMatch: version });
}

export async function deleteUser({ id, version }: Versioned): Promise<void> {
  await apiRequest('DELETE', `/api/users/${id}`, undefined, { ifMatch: version });
}

function useUsersMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_data, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: usersQueryKey }) : undefined,
  });
}

export function useCreateUser() {
  return useUsersMutation(createUser);
}

export function useUpdateUser() {
  return useUsersMutation(updateUser);
}

export function useDeleteUser() {
  return useUsersMutation(deleteUser);
}

export type { User };
