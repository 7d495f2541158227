// The users a lead's assignee or a listing's agent is chosen from (issue 26): every signed-in
// user may read this short directory, unlike the admins' user list.
import { useQuery } from '@tanstack/react-query';
import type { Agent } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';

export const agentsQueryKey = ['/api/agents'] as const;

export function useAgents() {
  return useQuery({ queryKey: agentsQueryKey, queryFn: (): Promise<Agent[]> => dataOf(api.GET('/api/agents')) });
}

/** How a user is named beside a lead or a listing: their full name, else their username. */
export function agentName(agent: Agent): string {
  const fullName = agent.fullName?.trim() ?? '';
  return fullName === '' ? agent.username : fullName;
}

/** The name of the user `id` among `agents`, if known. */
export function agentNameOf(agents: readonly Agent[] | undefined, id: number | null | undefined): string | undefined {
  if (id == null) return undefined;
  const agent = agents?.find((candidate) => candidate.id === id);
  return agent === undefined ? undefined : agentName(agent);
}

export type { Agent };
