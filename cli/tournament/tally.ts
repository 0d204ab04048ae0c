import { END_REASONS, type EndReason } from '../engine/bep';
import type { RatingUnit } from './ratings';
import {
  type EloEstimate,
  type Pentanomial,
  pentanomialElo,
  pentanomialOf,
  type SprtConfig,
  type SprtState,
  sprtState,
} from './sprt';
import { pairings } from './schedule';

/** What the tournament keeps of each game: one line of results.jsonl (docs/engines.md, "results.jsonl"). */
export interface GameSummary {
  readonly index: number;
  readonly id: string;
  readonly pairing: number;
  readonly pair: number;
  readonly leg: 0 | 1;
  /** Participant indexes of seat 0 and seat 1. */
  readonly seats: readonly [number, number];
  /** The winning participant's index (not a seat). */
  readonly winner: number;
  readonly reason: EndReason;
  readonly detail: string;
  /** Shots fired by seat 0 and seat 1 (by seat, not by participant). */
  readonly shots: readonly [number, number];
  /** Moves made by seat 0 and seat 1 (a salvo is one move); absent in runs saved before it was kept. */
  readonly moves?: readonly [number, number];
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

/** The faults that cost a game: a participant who lost every game it played by one of them never played. */
export const FAULTS: readonly EndReason[] = ['timeout', 'crash', 'illegal'];

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
  /** For exactly two participants: the first's Elo over the second from whole pairs (pentanomial). */
  readonly eloDiff: EloEstimate | null;
  /** For exactly two participants: the pairs as [LL, LD, DD+WL, WD, WW] (fastchess's Ptnml(0-2)). */
  readonly pentanomial: Pentanomial | null;
  readonly sprt: SprtState | null;
  readonly gamesPlayed: number;
}

/** Pentanomial counts of a pairing's completed pairs, [LL, LD, DD+WL, WD, WW]. */
export function pairCounts(p: PairingTally): Pentanomial {
  return pentanomialOf(p.pairs);
}

/**
 * Standings kept up to date game by game (each game costs the same, however many came before):
 * wins and end reasons per participant, the crosstable, each pairing's pairs, and for two
 * participants the Elo difference of whole pairs and the SPRT's state.
 */
export class Tally {
  private readonly participants: ParticipantStanding[];
  private readonly pairingList: [number, number][];
  private readonly tallies: PairingTally[];
  private readonly wins: number[][];
  private readonly played: number[][];
  /** The first leg of each pair whose second has not ended yet, by `pairing/pair`. */
  private readonly open = new Map<string, GameSummary>();
  /** Each pairing's rating units so far: completed pairs and games waiting for their pair. */
  private readonly completed: RatingUnit[][];
  private count = 0;

  constructor(
    private readonly names: readonly string[],
    gauntlet: boolean,
    private readonly sprt: SprtConfig | null,
  ) {
    this.participants = names.map((name) => ({
      name,
      games: 0,
      wins: 0,
      losses: 0,
      endReasons: noReasons(),
      lossReasons: noReasons(),
      shotFirst: 0,
    }));
    this.pairingList = pairings(names.length, gauntlet);
    this.tallies = this.pairingList.map(([i, j]) => ({
      first: names[i] ?? '?',
      second: names[j] ?? '?',
      games: 0,
      firstWins: 0,
      pairs: { bothWon: 0, split: 0, bothLost: 0 },
    }));
    this.completed = this.pairingList.map(() => []);
    this.wins = names.map(() => names.map(() => 0));
    this.played = names.map(() => names.map(() => 0));
  }

  add(g: GameSummary): void {
    const loser = g.winner === g.seats[0] ? g.seats[1] : g.seats[0];
    const w = this.participants[g.winner];
    const l = this.participants[loser];
    if (!w || !l) return;
    this.count++;
    const opener = this.participants[g.seats[g.first ?? 0]];
    if (opener) opener.shotFirst++;
    w.games++;
    w.wins++;
    w.endReasons[g.reason]++;
    l.games++;
    l.losses++;
    l.endReasons[g.reason]++;
    l.lossReasons[g.reason]++;
    const row = this.wins[g.winner];
    if (row) row[loser] = (row[loser] ?? 0) + 1;
    for (const [a, b] of [
      [g.winner, loser],
      [loser, g.winner],
    ] as const) {
      const r = this.played[a];
      if (r) r[b] = (r[b] ?? 0) + 1;
    }
    const t = this.tallies[g.pairing];
    const first = this.pairingList[g.pairing]?.[0];
    const second = this.pairingList[g.pairing]?.[1];
    if (!t || first === undefined || second === undefined) return;
    t.games++;
    if (g.winner === first) t.firstWins++;
    const key = `${g.pairing}/${g.pair}`;
    const other = this.open.get(key);
    if (!other) this.open.set(key, g);
    else {
      this.open.delete(key);
      const won = (g.winner === first ? 1 : 0) + (other.winner === first ? 1 : 0);
      if (won === 2) t.pairs.bothWon++;
      else if (won === 1) t.pairs.split++;
      else t.pairs.bothLost++;
      this.completed[g.pairing]?.push({ a: first, b: second, aWins: won, games: 2 });
    }
  }

  /** The rating units of each pairing: whole pairs, and the games whose pair is not finished. */
  ratingUnits(): RatingUnit[][] {
    const units = this.completed.map((list) => [...list]);
    for (const g of this.open.values()) {
      const [first, second] = this.pairingList[g.pairing] ?? [0, 0];
      units[g.pairing]?.push({ a: first, b: second, aWins: g.winner === first ? 1 : 0, games: 1 });
    }
    return units;
  }

  standings(): Standings {
    const only = this.names.length === 2 ? this.tallies[0] : undefined;
    const pentanomial = only ? pairCounts(only) : null;
    return {
      participants: this.participants.map((p) => ({
        ...p,
        endReasons: { ...p.endReasons },
        lossReasons: { ...p.lossReasons },
      })),
      pairings: this.tallies.map((t) => ({ ...t, pairs: { ...t.pairs } })),
      crosstable: { wins: this.wins.map((r) => [...r]), games: this.played.map((r) => [...r]) },
      eloDiff: pentanomial ? pentanomialElo(pentanomial) : null,
      pentanomial,
      sprt: pentanomial && this.sprt ? sprtState(pentanomial, this.sprt) : null,
      gamesPlayed: this.count,
    };
  }

  /** Completed pairs of a pairing. */
  completePairs(pairing: number): number {
    const p = this.tallies[pairing]?.pairs;
    return p ? p.bothWon + p.split + p.bothLost : 0;
  }

  /** The LLR alone, cheaper than whole standings (checked after every game of an SPRT). */
  sprtState(): SprtState | null {
    const only = this.names.length === 2 ? this.tallies[0] : undefined;
    return only && this.sprt ? sprtState(pairCounts(only), this.sprt) : null;
  }
}

/** Adds up finished games at once (tests, reports from a saved run). */
export function tally(
  names: readonly string[],
  gauntlet: boolean,
  games: readonly GameSummary[],
  sprt: SprtConfig | null,
): Standings {
  const t = new Tally(names, gauntlet, sprt);
  for (const g of games) t.add(g);
  return t.standings();
}

/** Participants who played and lost every game by a fault of their own (a setup that never worked). */
export function allFaulted(s: Standings): ParticipantStanding[] {
  return s.participants.filter(
    (p) => p.games > 0 && p.wins === 0 && FAULTS.reduce((n, r) => n + (p.lossReasons[r] ?? 0), 0) === p.games,
  );
}
