// The team's calls (site-content §7): list, create, update and delete with If-Match, and
// `PUT /api/team-members/order`.
import type { TeamMember, TeamMemberInput } from '@/generated/types';
import { orderedArea } from '@/lib/ordered-area';

export const teamMembers = orderedArea('/api/team-members');

export type { TeamMember, TeamMemberInput };
