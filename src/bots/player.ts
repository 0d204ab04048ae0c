import type { Grid, Rng } from '../game';
import {
  type ClientEventName,
  type ClientGameState,
  type GameClient,
  hasToPlay,
  isErrorAck,
  type Winner,
} from '../protocol';
import type { PlacementStrategy, ShotStrategy } from './types';

/** A bot seated in a room: its strategies, its rng and who it is on the server. */
export interface Bot {
  readonly userId: string;
  readonly shooter: ShotStrategy;
  readonly placer: PlacementStrategy;
  readonly rng: Rng;
}

export interface GameOutcome {
  readonly won: boolean;
  readonly winner: Winner;
  /** Shots this bot fired. */
  readonly shots: number;
  /** Shots the opponent fired at this bot. */
  readonly opponentShots: number;
}

/** Called after every acknowledgement, for latency figures; `error` is the ack's code, if any. */
export type AckObserver = (event: ClientEventName, ms: number, error: string | null) => void;

export interface PlayOptions {
  /** This bot calls startGame once two members are in (any member may; the loser of a race is told WRONG_STATUS). */
  readonly start: boolean;
  /** Longest wait for any single step of the game (the opponent's move, a state frame). */
  readonly stepTimeoutMs?: number;
  readonly observe?: AckObserver;
}

/** A game could not be played to the end; `code` is the ack's error code or TIMEOUT. */
export class BotError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BotError';
  }
}

function countShots(grid: Grid, shot: (cell: string) => boolean): number {
  let n = 0;
  for (const row of grid) for (const cell of row) if (shot(cell)) n++;
  return n;
}
/** Cells of the opponent grid this player has shot. */
const firedAt = (s: ClientGameState): number => countShots(s.opponentBoats, (c) => c !== 'E');
/** Cells of the own grid the opponent has shot. */
const takenOn = (s: ClientGameState): number => countShots(s.playerBoats, (c) => c === 'M' || c === 'H' || c === 'D');

/** Resolves with the first state (the current one included) that satisfies `ready`. */
export function waitForState(
  client: GameClient,
  ready: (state: ClientGameState) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<ClientGameState> {
  if (ready(client.state)) return Promise.resolve(client.state);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new BotError('TIMEOUT', `timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    const unsubscribe = client.subscribe((state) => {
      if (!ready(state)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(state);
    });
  });
}

async function timed<T>(event: ClientEventName, observe: AckObserver | undefined, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const reply = await call();
  observe?.(event, performance.now() - started, isErrorAck(reply) ? reply.error : null);
  return reply;
}

/**
 * Plays one game from wherever the room stands (waiting for a second member, placing ships or
 * right after a replay) to ENDED.
 *
 * Whose turn it is comes from counting shots rather than from `hasToPlay` alone: frames and
 * acknowledgements may arrive in either order, so right after this bot's shot `members` can still
 * say it has to play. Turns alternate after every shot, so once the first shooter is known, it is
 * this bot's turn exactly when both grids show the shots that make it so.
 */
export async function playGame(client: GameClient, bot: Bot, options: PlayOptions): Promise<GameOutcome> {
  const timeout = options.stepTimeoutMs ?? 30_000;
  const { observe } = options;
  let state = await waitForState(
    client,
    (s) => s.gameStatus === 'PLACE_SHIPS' || (s.gameStatus === 'UNSTARTED' && s.members.length === 2),
    'a second player',
    timeout,
  );
  if (state.gameStatus === 'UNSTARTED') {
    if (options.start) {
      const reply = await timed('startGame', observe, () => client.startGame());
      if (isErrorAck(reply) && reply.error !== 'WRONG_STATUS')
        throw new BotError(reply.error, `startGame: ${reply.error}`);
    }
    state = await waitForState(client, (s) => s.gameStatus === 'PLACE_SHIPS', 'the game to start', timeout);
  }
  const placed = await timed('placeShips', observe, () => client.placeShips(bot.placer.place(bot.rng)));
  if (isErrorAck(placed)) throw new BotError(placed.error, `placeShips: ${placed.error}`);

  let shots = 0;
  let sunkByMe = 0;
  let first: boolean | null = null;
  const myTurn = (s: ClientGameState): boolean => {
    if (s.gameStatus !== 'PLAY' || firedAt(s) !== shots) return false;
    if (Object.keys(s.opponentShipsIndexes).length < sunkByMe) return false;
    const theirs = takenOn(s);
    if (first === null) {
      if (shots === 0 && theirs === 0 && hasToPlay(s, bot.userId)) first = true;
      else if (shots === 0 && theirs === 1) first = false;
      else return false;
    }
    return first ? theirs === shots : theirs === shots + 1;
  };
  for (;;) {
    state = await waitForState(client, (s) => s.gameStatus === 'ENDED' || myTurn(s), 'my turn', timeout);
    if (state.gameStatus === 'ENDED') break;
    const target = bot.shooter.nextShot({ grid: state.opponentBoats, sunk: state.opponentShipsIndexes }, bot.rng);
    const reply = await timed('shoot', observe, () => client.shoot(target));
    if (isErrorAck(reply)) throw new BotError(reply.error, `shoot (${target.x},${target.y}): ${reply.error}`);
    shots++;
    if (reply === 'D') sunkByMe++;
  }
  const winner = state.winner ?? (await waitForState(client, (s) => s.winner !== null, 'the winner', timeout)).winner;
  if (!winner) throw new BotError('INTERNAL', 'the game ended without a winner');
  return { won: winner.userId === bot.userId, winner, shots, opponentShots: takenOn(state) };
}

/** Asks for a rematch from ENDED; a rematch the other player already asked for is fine. */
export async function requestReplay(client: GameClient, observe?: AckObserver): Promise<void> {
  const reply = await timed('replay', observe, () => client.replay());
  if (isErrorAck(reply) && reply.error !== 'WRONG_STATUS') throw new BotError(reply.error, `replay: ${reply.error}`);
}
