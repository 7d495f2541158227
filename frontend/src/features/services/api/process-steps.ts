import type { ProcessStep, ProcessStepInput } from '@/generated/types';
import { orderedArea } from '@/lib/ordered-area';

export type { ProcessStep, ProcessStepInput };

/** 'Our Process' (site-content §2, §7): `/api/process-steps`. */
export const processStepsArea = orderedArea('/api/process-steps');
