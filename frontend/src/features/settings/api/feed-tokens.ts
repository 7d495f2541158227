import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedToken, MappingPortal } from '@/generated/types';
import { api, dataOf, listsChanged } from '@/lib/api-client';
import { trashBatch } from '@/lib/trash';

export const feedTokensQueryKey = ['/api/feed-tokens'] as const;

/** The live token of each portal's feed (at most one per feed). */
export function getFeedTokens(): Promise<FeedToken[]> {
  return dataOf(api.GET('/api/feed-tokens'));
}

export function useFeedTokens() {
  return useQuery(queryOptions({ queryKey: feedTokensQueryKey, queryFn: getFeedTokens }));
}

/** Makes a new URL for a feed; the feed's old token, if any, stops working at once. */
export function makeFeedToken(feed: MappingPortal): Promise<FeedToken> {
  return dataOf(api.POST('/api/feed-tokens', { body: { feed } }));
}

/** Revokes a feed's token (to the trash, whence a restore makes it live again). Answers the trash batch. */
export function revokeFeedToken({ id }: Pick<FeedToken, 'id'>): Promise<string | undefined> {
  return trashBatch(api.DELETE('/api/feed-tokens/{id}', { params: { path: { id } } }));
}

function useFeedTokensMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_result, error) =>
      listsChanged(error) ? queryClient.invalidateQueries({ queryKey: feedTokensQueryKey }) : undefined,
  });
}

export function useMakeFeedToken() {
  return useFeedTokensMutation(makeFeedToken);
}

export function useRevokeFeedToken() {
  return useFeedTokensMutation(revokeFeedToken);
}
