import { type MeanError, meanError } from '../stats';
import type { GameSummary } from './tally';

/** A participant's shot figures over a tournament (docs/engines.md, "Shots"). */
export interface ShotFigures {
  readonly name: string;
  /**
   * Shots it fired in the games it won by sinking every ship: what it took to sink a fleet. The
   * games it lost were cut short by the opponent's last shot, so they only say it needed more.
   */
  readonly toWin: MeanError | null;
  /** Moves (a salvo is one move) in those games; null when no game recorded its moves. */
  readonly movesToWin: MeanError | null;
  /** Shots fired per game, won or lost. */
  readonly perGame: number;
}

/** Each participant's shots, from the games' summaries (shots and moves are by seat there). */
export function shotFigures(names: readonly string[], games: readonly GameSummary[]): ShotFigures[] {
  return names.map((name, p) => {
    const toWin: number[] = [];
    const movesToWin: number[] = [];
    let fired = 0;
    let played = 0;
    for (const g of games) {
      const seat = g.seats[0] === p ? 0 : g.seats[1] === p ? 1 : null;
      if (seat === null) continue;
      played++;
      fired += g.shots[seat] ?? 0;
      if (g.winner !== p || g.reason !== 'sunk') continue;
      toWin.push(g.shots[seat] ?? 0);
      const moves = g.moves?.[seat];
      if (moves !== undefined) movesToWin.push(moves);
    }
    return {
      name,
      toWin: meanError(toWin),
      movesToWin: movesToWin.length === toWin.length ? meanError(movesToWin) : null,
      perGame: played ? fired / played : 0,
    };
  });
}
