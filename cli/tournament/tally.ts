import { END_REASONS, type EndReason } from '../engine/bep';
import { eloEstimate, type EloEstimate, PAIR_SCORES, type SprtConfig, type SprtState, sprtState } from './sprt';
import { pairings } from './schedule';

/** What the tournament keeps of each game (one line of results.jsonl with --out). */
export interface GameSummary {
  readonly index: number;
  readonly id: string;
  readonly pairing: number;
  readonly pair: number;
  readonly leg: 0 | 1;
  /** Participant indexes of seat 0 and seat 1. */
  readonly seats: readonly [number, number];
  /** The winning participant's index. */
  readonly winner: number;
  readonly reason: EndReason;
  readonly detail: string;
  /** Shots fired by seat 0 and seat 1. */
  readonly shots: readonly [number, number];
  readonly ms: number;
  /** Each seat's `info` lines. */
  readonly info: readonly [readonly string[], readonly string[]];
  /** The game's script file, relative to the --out directory, when one was written. */
  readonly file?: string;
  /** The seat that shot first (absent: 0, as offline; on a server, the server's draw). */
  readonly first?: 0 | 1;
  /** The game's id on the server (--server), for `broadside export`. */
  readonly gameId?: number;
}

type Reasons = Record<EndReason, number>;
const noReasons = (): Reasons => Object.fromEntries(END_REASONS.map((r) => [r, 0])) as Reasons;

export interface ParticipantStanding {
  readonly name: string;
  games: number;
  wins: number;
  losses: number;
  /** How its games ended, won or lost. */
  readonly endReasons: Reasons;
  /** How the games it lost ended: its timeouts, crashes and illegal moves are here. */
  readonly lossReasons: Reasons;
  /** Games in which it shot first. */
  shotFirst: number;
}

export interface PairingTally {
  readonly first: string;
  readonly second: string;
  games: number;
  /** Games won by the first participant. */
  firstWins: number;
  /** Completed pairs: the first won both, split them, lost both. */
  readonly pairs: { bothWon: number; split: number; bothLost: number };
}

export interface Standings {
  readonly participants: ParticipantStanding[];
  readonly pairings: PairingTally[];
  /** crosstable[i][j]: wins of i against j; games[i][j]: games between them. */
  readonly crosstable: { wins: number[][]; games: number[][] };
  /** For exactly two participants: the first's Elo over the second, and the SPRT when asked. */
  readonly eloDiff: EloEstimate | null;
  readonly sprt: SprtState | null;
  readonly gamesPlayed: number;
}

/** Pentanomial counts of a pairing's completed pairs, as [both lost, split, both won]. */
export function pairCounts(p: PairingTally): [number, number, number] {
  return [p.pairs.bothLost, p.pairs.split, p.pairs.bothWon];
}

/**
 * Adds up finished games: standings, crosstable, pair results per pairing, and for two
 * participants the Elo difference from whole pairs and the SPRT's state.
 */
export function tally(
  names: readonly string[],
  gauntlet: boolean,
  games: readonly GameSummary[],
  sprt: SprtConfig | null,
): Standings {
  const n = names.length;
  const participants: ParticipantStanding[] = names.map((name) => ({
    name,
    games: 0,
    wins: 0,
    losses: 0,
    endReasons: noReasons(),
    lossReasons: noReasons(),
    shotFirst: 0,
  }));
  const list = pairings(n, gauntlet);
  const tallies: PairingTally[] = list.map(([i, j]) => ({
    first: names[i] ?? '?',
    second: names[j] ?? '?',
    games: 0,
    firstWins: 0,
    pairs: { bothWon: 0, split: 0, bothLost: 0 },
  }));
  const wins = names.map(() => names.map(() => 0));
  const played = names.map(() => names.map(() => 0));
  const legs = new Map<string, GameSummary>();
  for (const g of games) {
    const loser = g.winner === g.seats[0] ? g.seats[1] : g.seats[0];
    const w = participants[g.winner];
    const l = participants[loser];
    if (!w || !l) continue;
    const opener = participants[g.seats[g.first ?? 0]];
    if (opener) opener.shotFirst++;
    w.games++;
    w.wins++;
    w.endReasons[g.reason]++;
    l.games++;
    l.losses++;
    l.endReasons[g.reason]++;
    l.lossReasons[g.reason]++;
    const row = wins[g.winner];
    if (row) row[loser] = (row[loser] ?? 0) + 1;
    for (const [a, b] of [
      [g.winner, loser],
      [loser, g.winner],
    ] as const) {
      const r = played[a];
      if (r) r[b] = (r[b] ?? 0) + 1;
    }
    const t = tallies[g.pairing];
    const first = list[g.pairing]?.[0];
    if (!t || first === undefined) continue;
    t.games++;
    if (g.winner === first) t.firstWins++;
    const key = `${g.pairing}/${g.pair}`;
    const other = legs.get(key);
    if (!other) legs.set(key, g);
    else {
      legs.delete(key);
      const won = (g.winner === first ? 1 : 0) + (other.winner === first ? 1 : 0);
      if (won === 2) t.pairs.bothWon++;
      else if (won === 1) t.pairs.split++;
      else t.pairs.bothLost++;
    }
  }
  const only = n === 2 ? tallies[0] : undefined;
  const eloDiff = only ? eloEstimate(pairCounts(only), PAIR_SCORES, only.firstWins, only.games - only.firstWins) : null;
  const state = only && sprt ? sprtState(pairCounts(only), PAIR_SCORES, sprt) : null;
  return {
    participants,
    pairings: tallies,
    crosstable: { wins, games: played },
    eloDiff,
    sprt: state,
    gamesPlayed: games.length,
  };
}

/** Each participant's Elo against the field it met (its score over all its games), with a 95% error. */
export function fieldElo(s: Standings): { name: string; elo: EloEstimate }[] {
  return s.participants.map((p) => ({
    name: p.name,
    elo: eloEstimate([p.losses, 0, p.wins], [0, 0.5, 1], p.wins, p.losses),
  }));
}
