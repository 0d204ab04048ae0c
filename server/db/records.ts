import type { RulesRecord } from './rating-store';
import type { PlayerRecord } from './storage';

/**
 * Finished games a player played under one set of rules, against the server's computer or not, and
 * how many of them they won: SQL's grouped rows (server/db/sql/records.ts), or one game each in
 * memory. Per-rules statistics and the profile's totals both add these up, so the two cannot count
 * differently.
 */
export interface PlayedGames {
  readonly rules: string;
  readonly computer: boolean;
  readonly played: number;
  readonly won: number;
}

/** The player's record per set of rules: most played first, then by the rules' text. */
export function recordsByRules(rows: Iterable<PlayedGames>): RulesRecord[] {
  const byRules = new Map<
    string,
    { rules: string; games: number; wins: number; computerGames: number; computerWins: number }
  >();
  for (const row of rows) {
    const entry = byRules.get(row.rules) ?? { rules: row.rules, games: 0, wins: 0, computerGames: 0, computerWins: 0 };
    if (row.computer) {
      entry.computerGames += row.played;
      entry.computerWins += row.won;
    } else {
      entry.games += row.played;
      entry.wins += row.won;
    }
    byRules.set(row.rules, entry);
  }
  const played = (r: RulesRecord) => r.games + r.computerGames;
  return [...byRules.values()].sort((a, b) => played(b) - played(a) || a.rules.localeCompare(b.rules));
}

/** The player's record under every set of rules together. */
export function totalRecord(rows: Iterable<PlayedGames>): PlayerRecord {
  const total = { gamesPlayed: 0, gamesWon: 0, computerGamesPlayed: 0, computerGamesWon: 0 };
  for (const row of recordsByRules(rows)) {
    total.gamesPlayed += row.games;
    total.gamesWon += row.wins;
    total.computerGamesPlayed += row.computerGames;
    total.computerGamesWon += row.computerWins;
  }
  return total;
}

/** Most players first, then by the rules' text (a stable order for equal counts). */
export function byPlayers(sets: { rules: string; players: number }[]): { rules: string; players: number }[] {
  return sets.sort((a, b) => b.players - a.players || a.rules.localeCompare(b.rules));
}
