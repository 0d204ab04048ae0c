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
  /** A player's public profile, by id; the search for players by name; your account; a forgotten password. */
  player: '/player/:id',
  players: '/players',
  account: '/account',
  /** Where a deleted account's player lands, logged out. */
  accountDeleted: '/account/deleted',
  resetPassword: '/reset-password',
  /** The moderators' page; its sections are `?section=<id>` (src/app/admin/sections.ts), since /admin/… paths are the API's. */
  admin: '/admin',
  /** Friends, their requests and presence; direct messages, and one conversation. */
  friends: '/friends',
  messages: '/messages',
  conversation: '/messages/:id',
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

export function playerPath(id: string): string {
  return `/player/${encodeURIComponent(id)}`;
}

/** The search for players, with what was typed (kept in the address, so Back returns to the results). */
export function playersPath(query = ''): string {
  return query ? `/players?${new URLSearchParams({ q: query })}` : '/players';
}

/** The moderators' page at one of its sections; the API answers /admin/<name>, so the section is a query. */
export function adminPath(section?: string): string {
  return section ? `/admin?${new URLSearchParams({ section })}` : '/admin';
}

/** The conversation with a player. */
export function conversationPath(userId: string): string {
  return `/messages/${encodeURIComponent(userId)}`;
}
