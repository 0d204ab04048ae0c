import { ROUTES } from './paths';

/** The main navigation's entries (components/nav/MainNav.tsx). */
export type NavSection = 'play' | 'watch' | 'leaderboard' | 'friends' | 'profile';

/**
 * Which entry of the main navigation a path belongs to, to mark it as the current one: a room's
 * lobby and game are Play, watching a room is Watch; null where none fits (a replay, log in…).
 */
export function navSection(path: string): NavSection | null {
  const clean = path.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  if (clean === ROUTES.home) return 'play';
  if (clean === ROUTES.liveGames || /^\/game\/[^/]+\/watch$/.test(clean)) return 'watch';
  if (clean === ROUTES.leaderboard) return 'leaderboard';
  if (clean === ROUTES.profile) return 'profile';
  if (clean === ROUTES.friends || clean === ROUTES.messages || clean.startsWith('/messages/')) return 'friends';
  if (clean.startsWith('/game/')) return 'play';
  return null;
}
