import type { EndReason, GameState } from './game';
import type { ShipMap } from './fleet';
import type { Shot } from './shots';

/** What a replay needs of a finished game: the players in join order, their fleets and every shot in order. */
export interface ReplaySource {
  readonly players: readonly { readonly userId: string; readonly fleet: ShipMap }[];
  readonly shots: readonly Shot[];
  readonly winner: string | null;
  readonly endReason: EndReason;
}

/**
 * The game as it stood after its first `step` shots (0 = before the first shot, shots.length = the
 * end). Pure: the replay viewer steps, scrubs and plays by calling it with another step. At the
 * last step the game is ENDED with its winner and end reason; before it, it is in PLAY and the
 * turn is the next shooter's.
 */
export function replayState(source: ReplaySource, step: number): GameState {
  const at = Math.max(0, Math.min(source.shots.length, Math.trunc(step)));
  const shots = source.shots.slice(0, at);
  const fleets: Record<string, ShipMap> = {};
  for (const p of source.players) fleets[p.userId] = p.fleet;
  const players = source.players.map((p) => p.userId);
  const base = { players, fleets, shots, missedTurns: {}, passedTurns: 0 };
  if (at === source.shots.length) {
    return { ...base, status: 'ENDED', turn: null, winner: source.winner, endReason: source.endReason };
  }
  return { ...base, status: 'PLAY', turn: source.shots[at]?.shooterId ?? null, winner: null, endReason: null };
}
