import { api } from '@/lib/api-client';
import type { PendingClient } from '../types';

// generated later
/**
 * The API client for issue 41's paths, which `@/generated/api` does not list yet: the same
 * calls, typed from `PendingAnswers`. Once the paths are generated, callers use `api` itself.
 */
export const pendingApi = api as unknown as PendingClient;
