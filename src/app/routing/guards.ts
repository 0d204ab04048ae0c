import { ROUTES } from './paths';

/** What a guarded page does with the visitor (docs/game.md, Routes). */
export type Access =
  | { readonly kind: 'allow' }
  | { readonly kind: 'redirect'; readonly to: string; readonly remember: boolean };

/**
 * The /game rules of docs/game.md, Routes: a missing id goes home; an anonymous user goes to /login and the
 * original path is remembered so login can bring them back.
 */
export function gameRouteAccess(id: string | undefined, loggedIn: boolean): Access {
  if (id === undefined || id.trim() === '') return { kind: 'redirect', to: ROUTES.home, remember: false };
  if (!loggedIn) return { kind: 'redirect', to: ROUTES.login, remember: true };
  return { kind: 'allow' };
}

/** Pages that must never be returned to after logging in: they would bounce or undo the login. */
const NOT_REMEMBERED: readonly string[] = [ROUTES.login, ROUTES.register, ROUTES.logout, ROUTES.resetPassword];

/** Only same-site paths are remembered, never a URL that would leave the app or loop through auth pages. */
export function isRememberablePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  const pathname = path.split(/[?#]/)[0] ?? path;
  return !NOT_REMEMBERED.includes(pathname);
}

/** After login, registration or logout: the remembered page, otherwise / (docs/game.md, Routes). */
export function returnTarget(remembered: string | null): string {
  return remembered !== null && isRememberablePath(remembered) ? remembered : ROUTES.home;
}

/** Pages that only make sense for a logged-in user (the profile page): anonymous users log in first. */
export function loggedInAccess(loggedIn: boolean): Access {
  return loggedIn ? { kind: 'allow' } : { kind: 'redirect', to: ROUTES.login, remember: true };
}
