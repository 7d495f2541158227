import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AboutSection } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { constants } from '@/lib/rules';

export const aboutSectionsQueryKey = ['/api/about-sections'] as const;

export function getAboutSections(): Promise<AboutSection[]> {
  return dataOf(api.GET('/api/about-sections'));
}

export function aboutSectionsQueryOptions() {
  return queryOptions({ queryKey: aboutSectionsQueryKey, queryFn: getAboutSections, staleTime: constants().catalogFreshMs });
}

export function useAboutSections() {
  return useQuery(aboutSectionsQueryOptions());
}

export type { AboutSection };
