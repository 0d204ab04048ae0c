import type { Coord, Rules } from '../../src/game';
import type { GameRecord as ServerGameRecord } from '../../src/protocol';
import type { RecordedShot } from '../engine/referee';
import { shipsOf } from '../engine/rules-support';
import type { Account } from '../session';

/**
 * The server's own record of the game just played in `slug` (docs/engines.md, "Tournaments on a
 * server"): found in the account's history (the newest game of that room), then read whole
 * (fleets, every shot, who the server drew to shoot first). The history is written as the game
 * ends, a moment before the players hear of it, so a miss is asked again for a short while.
 * Null when the server keeps no such record.
 */
export async function fetchServerRecord(
  account: Account,
  slug: string,
  waitMs = 3000,
): Promise<ServerGameRecord | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const page = await account.api.history('me', 1, 5);
    const entry = page.games.find((g) => g.slug === slug);
    if (entry) return account.api.gameRecord(entry.gameId);
    if (Date.now() >= until) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The seats' fleets, shots and first shooter as the server recorded them, seat 0 being `seat0`'s user. */
export function seatsOfRecord(
  record: ServerGameRecord,
  seat0: string,
  rules: Rules,
): { fleets: [Coord[][], Coord[][]]; shots: RecordedShot[]; first: 0 | 1 } {
  const seatOf = (userId: string | null): 0 | 1 => (userId === seat0 ? 0 : 1);
  const fleets: [Coord[][], Coord[][]] = [[], []];
  for (const player of record.players) fleets[seatOf(player.userId)] = shipsOf(player.fleet, rules);
  const shots = [...record.shots]
    .sort((a, b) => a.seq - b.seq)
    .map((s) => ({ seat: seatOf(s.shooterId), x: s.x, y: s.y, result: s.result }));
  return { fleets, shots, first: seatOf(record.firstPlayer) };
}
