import { type EndReason, type GameState, newGame, shotsAllowed } from './game';
import type { ShipMap } from './fleet';
import type { Shot } from './shots';
import { CLASSIC_RULES, type Rules } from './rules';

/** One move of a round, in order: a shot, or a turn the clock passed (docs/game.md, "The rules"). */
export type Move =
  | { readonly kind: 'shot'; readonly shot: Shot }
  | { readonly kind: 'timeout'; readonly playerId: string };

/** The part of a round its moves decide. */
export type MovesPlayed = Pick<GameState, 'shots' | 'turn' | 'missedTurns' | 'passedTurns'>;

/** The rules and fleets a round is played with, for the turns that depend on them (salvo, again after a hit). */
export interface RoundSetup {
  readonly rules: Rules;
  readonly fleets: Readonly<Record<string, ShipMap>>;
}

/**
 * The round after `moves`, played from `firstPlayer`. A passed turn hands the turn to the other
 * player and counts as missed for its player; a shot resets its shooter's count. A turn is one
 * shot, or under salvo rules as many shots as the shooter had ships afloat when it began
 * (shotsAllowed); after it the turn passes, unless the rules keep it after a hit and the turn hit
 * (docs/game.md, "Rule variants"). The one place that replays a round: the server restores a room
 * with it and the replay viewer steps through a finished game with it.
 */
export function playMoves(
  players: readonly string[],
  firstPlayer: string | null,
  moves: readonly Move[],
  setup: RoundSetup = { rules: CLASSIC_RULES, fleets: {} },
): MovesPlayed {
  const { rules, fleets } = setup;
  const shots: Shot[] = [];
  const missedTurns: Record<string, number> = {};
  let passedTurns = 0;
  let turn = firstPlayer;
  let left = 0;
  let hit = false;
  for (const move of moves) {
    const mover = move.kind === 'shot' ? move.shot.shooterId : move.playerId;
    const other = players.find((p) => p !== mover) ?? null;
    if (move.kind === 'timeout') {
      passedTurns++;
      missedTurns[mover] = (missedTurns[mover] ?? 0) + 1;
      turn = other;
      left = 0;
      continue;
    }
    if (left === 0) {
      const during: GameState = { ...newGame(rules), status: 'PLAY', players, fleets, shots, turn: mover };
      left = Math.max(1, shotsAllowed(during, mover));
      hit = false;
    }
    shots.push(move.shot);
    if (missedTurns[mover]) missedTurns[mover] = 0;
    hit ||= move.shot.result !== 'M';
    left--;
    turn = left > 0 ? mover : rules.again === 'hit' && hit ? mover : other;
  }
  return { shots, turn, missedTurns, passedTurns };
}

/** What a replay needs of a finished game: the players in join order, their fleets and every shot in order. */
export interface ReplaySource {
  readonly players: readonly { readonly userId: string; readonly fleet: ShipMap }[];
  /** Every shot in order; `seq` (the move number) places them among `passes`. */
  readonly shots: readonly (Shot & { readonly seq?: number })[];
  /** Turns the clock passed, by move number (absent or empty: none). */
  readonly passes?: readonly { readonly seq: number; readonly playerId: string }[];
  readonly winner: string | null;
  readonly endReason: EndReason;
  /** The rules the game was played under; classic when absent (games recorded before variants). */
  readonly rules?: Rules;
}

/** The source's moves in order up to its `shotCount`-th shot, with the passes before the next shot. */
function movesUpTo(source: ReplaySource, shotCount: number): Move[] {
  const next = source.shots[shotCount];
  const until = next?.seq ?? Number.POSITIVE_INFINITY;
  const moves: { seq: number; move: Move }[] = source.shots
    .slice(0, shotCount)
    .map((shot, i) => ({ seq: shot.seq ?? i, move: { kind: 'shot', shot } }));
  for (const pass of source.passes ?? []) {
    if (pass.seq < until) moves.push({ seq: pass.seq, move: { kind: 'timeout', playerId: pass.playerId } });
  }
  return moves.sort((a, b) => a.seq - b.seq).map((m) => m.move);
}

/**
 * The game as it stood after its first `step` shots (0 = before the first shot, shots.length = the
 * end). Pure: the replay viewer steps, scrubs and plays by calling it with another step. At the
 * last step the game is ENDED with its winner and end reason; before it, it is in PLAY and the
 * turn is the next shooter's.
 */
export function replayState(source: ReplaySource, step: number): GameState {
  const at = Math.max(0, Math.min(source.shots.length, Math.trunc(step)));
  const fleets: Record<string, ShipMap> = {};
  for (const p of source.players) fleets[p.userId] = p.fleet;
  const players = source.players.map((p) => p.userId);
  const rules = source.rules ?? CLASSIC_RULES;
  const first = source.shots[0]?.shooterId ?? null;
  const played = playMoves(players, first, movesUpTo(source, at), { rules, fleets });
  // Without the passes' move numbers, the next shot says whose turn it is.
  const turn = source.shots[at]?.shooterId ?? played.turn;
  if (at === source.shots.length) {
    return {
      ...played,
      rules,
      players,
      fleets,
      status: 'ENDED',
      turn: null,
      winner: source.winner,
      endReason: source.endReason,
    };
  }
  return { ...played, rules, players, fleets, status: 'PLAY', turn, winner: null, endReason: null };
}
