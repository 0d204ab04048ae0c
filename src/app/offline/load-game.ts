import { type OfflineGame, OfflineGameSchema, offlineGamePath } from '../../protocol/offline-game';

/** The game a view.html address asks for: `?game=1.2.1`; null when it names none. */
export function gameOfQuery(search: string): string | null {
  const id = new URLSearchParams(search).get('game');
  return id === null || id.trim() === '' ? null : id;
}

/** Why a game could not be shown, in words for the page. */
export class OfflineGameError extends Error {}

/**
 * Fetches a game from the `broadside view` that serves this page and checks it is one: a wrong id,
 * a stopped command or a file that is not a game all end as an OfflineGameError the page shows.
 */
export async function loadOfflineGame(id: string, fetchImpl: typeof fetch = globalThis.fetch): Promise<OfflineGame> {
  let response: Response;
  try {
    response = await fetchImpl(offlineGamePath(id), { headers: { accept: 'application/json' } });
  } catch {
    throw new OfflineGameError('unreachable');
  }
  if (response.status === 404) throw new OfflineGameError('notFound');
  if (!response.ok) throw new OfflineGameError('unreadable');
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new OfflineGameError('unreadable');
  }
  const parsed = OfflineGameSchema.safeParse(body);
  if (!parsed.success) throw new OfflineGameError('unreadable');
  return parsed.data;
}
