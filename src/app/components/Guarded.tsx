import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { Access } from '../routing/guards';
import { authStore } from '../stores/auth';
import type { User } from '../stores/user';
import { RedirectTo } from './RedirectTo';

interface GuardedProps {
  /** The rule for this page, given whether someone is logged in. */
  readonly access: (loggedIn: boolean) => Access;
  /** Rendered only when the rule allows, with the logged-in user. */
  readonly children: (user: User) => ReactNode;
}

/** Applies a pure access rule (routing/guards.ts) to a page. */
export function Guarded({ access, children }: GuardedProps) {
  const { user, status } = useSnapshot(authStore);
  if (status === 'loading') return null;
  const decision = access(user !== null);
  if (decision.kind === 'redirect') return <RedirectTo to={decision.to} remember={decision.remember} />;
  return user ? children(user) : null;
}
