import type { Coord, EndReason, Grid, Rng, Rules, ShipMap, ShotResult } from '../game';
import {
  type ClientEventName,
  type ClientGameState,
  type GameClient,
  hasToPlay,
  isErrorAck,
  shotsThisTurn,
  type Winner,
} from '../protocol';
import { describeRefusal } from './refusal';
import { pickSalvo } from './salvo';
import { EndWatch } from './end-watch';
import { placeOnSpecServer, placesFirst } from './spec-placement';
import { BotError, waitForState } from './wait-for-state';
import type { RemotePlacementStrategy, RemoteShotStrategy } from './types';

/** A bot seated in a room: its strategies, its rng and who it is on the server. */
export interface Bot {
  readonly userId: string;
  /** A strategy, or an engine behind an adapter (answers later, may resign). */
  readonly shooter: RemoteShotStrategy;
  readonly placer: RemotePlacementStrategy;
  readonly rng: Rng;
}

export interface GameOutcome {
  readonly won: boolean;
  readonly winner: Winner;
  /** Shots this bot fired. */
  readonly shots: number;
  /** Shots the opponent fired at this bot. */
  readonly opponentShots: number;
  /** How the game ended (SUNK, RESIGN, FORFEIT, CLOCK); null from a server without the match event. */
  readonly endReason: EndReason | null;
}

/**
 * What a bot times: each acknowledgement, by event; and `turn`, a shot's whole wait, from leaving
 * to being accepted, a reconnection (a node restarting, a network cut) and the shot sent again
 * included: the wait a player has to sit through.
 */
export type ObservedStep = ClientEventName | 'turn';

/** Called after every acknowledgement (and every accepted turn), for latency figures; `error` is the ack's code, if any. */
export type AckObserver = (event: ObservedStep, ms: number, error: string | null) => void;

export interface PlayOptions {
  /**
   * This bot calls startGame once two members are in (any member may on our server; the loser of a
   * race is told WRONG_STATUS). Where the server marks a host (`isHost`), only the host starts.
   */
  readonly start: boolean;
  /**
   * Waited for before placing on a SPEC server: the original loses a fleet when both players place
   * at once (docs/protocol.md), so two bots of one process place one after the other there
   * (spec-placement.ts; bots of two processes keep apart by the clock).
   */
  readonly placeAfter?: Promise<unknown>;
  /** Called once this bot's fleet is placed. */
  readonly onPlaced?: () => void;
  /**
   * Called once the game has started (the room is placing ships), before this bot places: the
   * moment a player says hello (`broadside play --say`). Not awaited: the bot places meanwhile.
   */
  readonly onStarted?: () => void;
  /** Longest wait for any single step of the game (the opponent's move, a state frame). */
  readonly stepTimeoutMs?: number;
  readonly observe?: AckObserver;
  /**
   * Think time before each shot, as a person takes (load tests at human pace): ms, or a function
   * giving each shot's (people do not all take the same time); 0 by default.
   */
  readonly thinkMs?: number | (() => number);
  /** Resigns instead of firing its shot number N + 1 (testers: a game that ends by resignation). */
  readonly resignAfter?: number;
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

/**
 * Tells whether it is this player's turn. `hasToPlay` alone is not enough: the server acknowledges
 * a shot before it sends the frames, so right after this player's shot `members` still says it has
 * to play. The last shot (`battlePlace`) settles it: it must be the opponent's, and a newer one than
 * the opponent shot on record when this player last fired. Both grids must also show this
 * player's shots and sinks, so the shooter never decides on a stale view.
 */
export class TurnTracker {
  /** Shots this player fired and had acknowledged. */
  shots = 0;
  private sunk = 0;
  private lastSeen: ClientGameState['battlePlace'] = null;
  /** The members frame current when the last shot was acknowledged (its answer frames come after). */
  private membersAtShot: ClientGameState['members'] | null = null;
  /** The last move hit something: under `again: 'hit'` the turn stays ours. */
  private hit = false;

  constructor(private readonly userId: string) {}

  /** Records an acknowledged shot or salvo (its results); `before` is the state it was decided on. */
  fired(result: ShotResult | readonly ShotResult[], before: ClientGameState, now?: ClientGameState): void {
    const results = typeof result === 'string' ? [result] : result;
    this.shots += results.length;
    this.sunk += results.filter((r) => r === 'D').length;
    this.hit = results.some((r) => r !== 'M');
    this.lastSeen = before.battlePlace;
    this.membersAtShot = now?.members ?? null;
  }

  /** After a reconnect, takes the count of shots and sinks from the full state the server sent. */
  resync(s: ClientGameState): void {
    this.shots = firedAt(s);
    this.sunk = Object.keys(s.opponentShipsIndexes).length;
    this.lastSeen = null;
    this.membersAtShot = null;
    this.hit = false;
  }

  mine(s: ClientGameState): boolean {
    if (s.gameStatus !== 'PLAY' || !hasToPlay(s, this.userId)) return false;
    if (firedAt(s) !== this.shots || Object.keys(s.opponentShipsIndexes).length < this.sunk) return false;
    // A SPEC server (docs/protocol.md) may keep the turn after a hit and may send a shot's frames
    // before its ack: the turn is ours when the last members frame came after every shot on the grids.
    if (s.membersAtShots !== null)
      return s.membersAtShots === firedAt(s) + takenOn(s) && !yieldsTheTurn(s, this.userId);
    // The opponent's last shot must be on our own grid too (it tells how many of our ships are
    // afloat, a salvo's size): `members` may come before `playerBoats` in the frames of a shot.
    const last = s.battlePlace;
    if (last !== null && last.shooterId !== this.userId && s.playerBoats[last.y]?.[last.x] !== last.result)
      return false;
    // A hit under again=hit keeps the turn (docs/game.md, "Rule variants"): once the grids show
    // every shot of ours, the `members` sent before them already says so, whenever the ack was read.
    if (this.hit && s.match.rules.again === 'hit') return true;
    if (last === null) return this.shots === 0 && takenOn(s) === 0;
    if (last.shooterId !== this.userId && last !== this.lastSeen) return true;
    // The turn came back without an opponent shot (the turn clock passed it): a members frame
    // newer than the one current at this player's last acknowledged shot says so.
    return this.membersAtShot !== null && s.members !== this.membersAtShot;
  }
}

/**
 * Both players told to play (the original server does that when two placements meet, docs/protocol.md):
 * had both shot, one shot could be lost. One of them plays, the host where members mark one, else
 * the smaller userId, until a miss hands the turn over properly.
 */
export function yieldsTheTurn(s: Pick<ClientGameState, 'members'>, userId: string): boolean {
  const toPlay = s.members.filter((m) => m.hasToPlay);
  if (toPlay.length < 2) return false;
  const plays = toPlay.find((m) => m.isHost === true) ?? [...toPlay].sort((a, b) => (a.userId < b.userId ? -1 : 1))[0];
  return plays?.userId !== userId;
}

export async function timed<T>(
  event: ClientEventName,
  observe: AckObserver | undefined,
  call: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const reply = await call();
  observe?.(event, performance.now() - started, isErrorAck(reply) ? reply.error : null);
  return reply;
}

/**
 * Brings the room to PLACE_SHIPS and places `fleet`: waits for a second member, starts the game
 * when `start` is set (any member may; the loser of a race is told WRONG_STATUS, which is fine).
 */
export async function startAndPlace(
  client: GameClient,
  fleetOrPlacer: ShipMap | ((rules: Rules) => ShipMap | Promise<ShipMap>),
  options: Pick<PlayOptions, 'start' | 'stepTimeoutMs' | 'observe' | 'placeAfter' | 'onPlaced' | 'onStarted'>,
): Promise<void> {
  const timeout = options.stepTimeoutMs ?? 30_000;
  const { observe } = options;
  const state = await waitForState(
    client,
    (s) => s.gameStatus === 'PLACE_SHIPS' || (s.gameStatus === 'UNSTARTED' && s.members.length === 2),
    'a second player',
    timeout,
  );
  if (state.gameStatus === 'UNSTARTED') {
    if (options.start && mayStart(state, client.userId)) {
      const reply = await timed('startGame', observe, () => client.startGame());
      if (isErrorAck(reply) && reply.error !== 'WRONG_STATUS') {
        throw new BotError(reply.error, `startGame: ${describeRefusal(reply)}`);
      }
    }
    await waitForState(client, (s) => s.gameStatus === 'PLACE_SHIPS', 'the game to start', timeout);
  }
  options.onStarted?.();
  // The room's rules are known by now (the match comes with the join's full state): a fleet of them.
  const fleet = typeof fleetOrPlacer === 'function' ? await fleetOrPlacer(client.state.match.rules) : fleetOrPlacer;
  const place = () => timed('placeShips', observe, () => client.placeShips(fleet));
  if (client.dialect === 'spec') {
    // Never at the same moment as the other player there (spec-placement.ts): the bot of this process
    // that places first (onPlaced) or second (placeAfter), else the host first.
    const first = options.onPlaced ? true : options.placeAfter ? false : placesFirst(client.state, client.userId);
    await placeOnSpecServer(client, {
      first,
      after: options.placeAfter,
      onPlaced: options.onPlaced,
      timeoutMs: timeout,
      send: (n) => (n === 0 ? place() : client.placeShips(fleet)),
    });
    return;
  }
  const placed = await place();
  if (isErrorAck(placed)) throw new BotError(placed.error, `placeShips: ${describeRefusal(placed)}`);
  options.onPlaced?.();
}

/**
 * Options for two bots of one process that meet in a room: the first places, then the second (on a
 * SPEC server only; ours places both at once safely).
 */
export function oneAfterTheOther(): [Pick<PlayOptions, 'onPlaced'>, Pick<PlayOptions, 'placeAfter'>] {
  let placed: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    placed = resolve;
  });
  return [{ onPlaced: placed }, { placeAfter: first }];
}

/** Anyone may start where no member is marked host (our server); else only the host. */
function mayStart(state: ClientGameState, userId: string | null): boolean {
  if (!state.members.some((m) => m.isHost !== undefined)) return true;
  return state.members.some((m) => m.userId === userId && m.isHost === true);
}

/** An error ack for a message: its code, and the server's own sentence when it gave one. */
/**
 * Plays one game from wherever the room stands (waiting for a second member, placing ships or
 * right after a replay) to ENDED.
 */
export async function playGame(client: GameClient, bot: Bot, options: PlayOptions): Promise<GameOutcome> {
  const timeout = options.stepTimeoutMs ?? 30_000;
  const { observe } = options;
  const watch = new EndWatch(client);
  try {
    await startAndPlace(client, (rules) => bot.placer.place(bot.rng, rules), options);
    const turn = new TurnTracker(bot.userId);
    /** When this turn's shot first left, while it waits to be accepted (across a reconnection). */
    let turnSince: number | null = null;
    for (;;) {
      const state = await waitForState(client, (s) => watch.ended || turn.mine(s), 'my turn', timeout);
      if (watch.ended) break;
      const { rules } = state.match;
      // Under salvo rules one cell per own ship afloat, chosen as a set (docs/game.md, "Rule variants").
      const count = shotsThisTurn(state);
      const targets =
        options.resignAfter !== undefined && turn.shots >= options.resignAfter
          ? 'resign'
          : await (async () => {
              // A shot lost to a reconnection goes again at once: the player chose it already.
              const thinkMs =
                turnSince !== null ? 0 : typeof options.thinkMs === 'function' ? options.thinkMs() : options.thinkMs;
              if (thinkMs) await new Promise((resolve) => setTimeout(resolve, thinkMs));
              const view = {
                grid: state.opponentBoats,
                sunk: state.opponentShipsIndexes,
                own: state.playerBoats,
                rules,
              };
              return pickSalvo(bot.shooter, view, count, bot.rng);
            })();
      if (targets === 'resign') {
        const resigned = await timed('resign', observe, () => client.resign());
        if (isErrorAck(resigned) && resigned.error !== 'WRONG_STATUS') {
          throw new BotError(resigned.error, `resign: ${resigned.error}`);
        }
        break;
      }
      // One shot a turn goes as one cell (a SPEC server knows nothing else); a salvo as the array.
      const [one] = targets;
      const target: Coord | readonly Coord[] = rules.shots === 'one' && one && targets.length === 1 ? one : targets;
      turnSince ??= performance.now();
      const firedBefore = turn.shots;
      const reply = await timed('shoot', observe, () => client.shoot(target));
      if (isErrorAck(reply)) {
        // The game ended while this shot was on its way (the opponent resigned, the clock ran out).
        if (reply.error === 'WRONG_STATUS' && watch.ended) break;
        // The connection dropped (a server restart, a network cut): the client reconnects and joins
        // again by itself; carry on from the full state it then receives.
        if (reply.error === 'DISCONNECTED' || reply.error === 'TIMEOUT' || reply.error === 'NOT_JOINED') {
          turn.resync(await rejoined(client, timeout));
          // Stored after all (its answer was lost with the connection): its wait ends here.
          if (turn.shots > firedBefore) {
            observe?.('turn', performance.now() - turnSince, null);
            turnSince = null;
          }
          continue;
        }
        const cells = targets.map((t) => `(${t.x},${t.y})`).join(' ');
        throw new BotError(reply.error, `shoot ${cells}: ${describeRefusal(reply)}`);
      }
      observe?.('turn', performance.now() - turnSince, null);
      turnSince = null;
      turn.fired(reply, state, client.state);
    }
    const end = await watch.wait(timeout);
    return {
      won: end.winner.userId === bot.userId,
      winner: end.winner,
      shots: turn.shots,
      opponentShots: takenOn(end.final),
      endReason: end.endReason,
    };
  } finally {
    watch.stop();
  }
}

/** Waits until the client has joined its room again after a reconnect (a join answers the full state). */
async function rejoined(client: GameClient, timeoutMs: number): Promise<ClientGameState> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    // Closed on purpose (the run is over): nothing will reconnect it, so stop at once.
    if (client.closed) throw new BotError('DISCONNECTED', 'the client was closed');
    if (client.state.connected) {
      const before = client.state.members;
      const reply = await client.joinRoom();
      // The full state follows the acknowledgement, `members` last.
      if (!isErrorAck(reply)) return waitForState(client, (s) => s.members !== before, 'the full state', timeoutMs);
      if (reply.error !== 'DISCONNECTED' && reply.error !== 'TIMEOUT') {
        throw new BotError(reply.error, `joinRoom: ${reply.error}`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new BotError('TIMEOUT', `no reconnection within ${timeoutMs} ms`);
}

/**
 * Asks for a rematch from ENDED; a rematch the other player already asked for is fine. A SPEC server
 * refuses it with a sentence of its own (REFUSED) when the other player's rematch came first: fine
 * too once the room has left ENDED, which its events say soon after.
 */
export async function requestReplay(client: GameClient, observe?: AckObserver, timeoutMs = 10_000): Promise<void> {
  const reply = await timed('replay', observe, () => client.replay());
  if (!isErrorAck(reply) || reply.error === 'WRONG_STATUS') return;
  if (reply.error === 'REFUSED' && client.dialect === 'spec') {
    const left = await waitForState(client, (s) => s.gameStatus !== 'ENDED', 'the rematch', timeoutMs).catch(
      () => null,
    );
    if (left) return;
  }
  throw new BotError(reply.error, `replay: ${describeRefusal(reply)}`);
}
