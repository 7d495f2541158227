import type { Service, ServiceInput } from '@/generated/types';
import { orderedArea } from '@/lib/ordered-area';

export type { Service, ServiceInput };

/** 'Our Services' (site-content §2, §7): `/api/services`. */
export const servicesArea = orderedArea('/api/services');
