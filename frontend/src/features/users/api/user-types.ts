// The user types of issue 41 (portal feeds) that the generated types do not hold yet: a
// user's phone, which the portals' feeds show beside a listing's agent. Each mirrors the
// contract's name, so that once `@/generated/types` is regenerated every import of this
// module becomes an import from there and this file goes.
import type {
  Agent as AgentBefore,
  User as UserBefore,
  UserCreateInput as UserCreateInputBefore,
  UserUpdateInput as UserUpdateInputBefore,
} from '@/generated/types';

// generated later
export type User = UserBefore & { phone?: string | null };

// generated later
export type UserCreateInput = UserCreateInputBefore & { phone?: string | null };

// generated later
export type UserUpdateInput = UserUpdateInputBefore & { phone?: string | null };

// generated later (the contract does not name it: the property form needs the agent's phone)
export type Agent = AgentBefore & { phone?: string | null };
