import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyValue } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { constants } from '@/lib/rules';

export const companyValuesQueryKey = ['/api/company-values'] as const;

export function getCompanyValues(): Promise<CompanyValue[]> {
  return dataOf(api.GET('/api/company-values'));
}

export function companyValuesQueryOptions() {
  return queryOptions({ queryKey: companyValuesQueryKey, queryFn: getCompanyValues, staleTime: constants().catalogFreshMs });
}

export function useCompanyValues() {
  return useQuery(companyValuesQueryOptions());
}

export type { CompanyValue };
