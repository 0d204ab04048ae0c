/** Route patterns (wouter) and the builders that fill them; one place for every URL of the app. */
export const ROUTES = {
  home: '/',
  login: '/login',
  register: '/register',
  logout: '/logout',
  profile: '/profile',
  lobby: '/game/lobby/:id',
  watch: '/game/:id/watch',
  /** The games being played now, to pick one to watch. */
  liveGames: '/watch',
  replay: '/replay/:id',
  leaderboard: '/leaderboard',
  game: '/game/:id',
  /** The game routes without an id: sent home (docs/game.md, Routes). */
  lobbyWithoutId: '/game/lobby',
  gameWithoutId: '/game',
} as const;

export function lobbyPath(id: string): string {
  return `/game/lobby/${encodeURIComponent(id)}`;
}

export function gamePath(id: string): string {
  return `/game/${encodeURIComponent(id)}`;
}

export function watchPath(id: string): string {
  return `/game/${encodeURIComponent(id)}/watch`;
}

export function replayPath(gameId: number, shot?: number): string {
  return `/replay/${gameId}${shot === undefined ? '' : `?shot=${shot}`}`;
}
