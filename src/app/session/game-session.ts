import type { Coord, GameStatus } from '../../game';
import { GameClient } from '../../protocol/game-client';
import { type Ack, errorAck, isErrorAck } from '../../protocol/types';
import { errorText } from '../errors/error-text';
import { showError } from '../stores/banner';
import { checkSession } from './session-watch';
import { applyServerState, gameStore, isMyTurn, mayShoot, resetGameStore, shotsAllowed } from '../stores/game';
import { noteDialect, serverUrl } from '../stores/server';
import type { User } from '../stores/user';

/** What a session asks of its GameClient (src/protocol/game-client.ts); tests give a double. */
export type RoomClient = Pick<
  GameClient,
  | 'subscribe'
  | 'connect'
  | 'joinRoom'
  | 'startGame'
  | 'placeShips'
  | 'shoot'
  | 'replay'
  | 'resign'
  | 'leaveRoom'
  | 'close'
  | 'dialect'
>;

/** The room's chat as a session offers it (docs/game.md, "Chat"): a real GameClient has it, a test double may not. */
export type RoomTalk = Pick<GameClient, 'chat' | 'subscribeChat' | 'say' | 'sayQuick'>;

function talkOf(client: RoomClient): RoomTalk | null {
  return client instanceof GameClient ? client : null;
}

/**
 * This browser's seat in one room: its socket feeds the game store, and every action the player
 * takes in the lobby or the game leaves through it. Pages get it from useGameSession and hand its
 * actions down (the stage gets `shoot` as a callback); nothing else reaches the socket.
 */
export interface GameSession {
  readonly slug: string;
  readonly userId: string;
  /** The joinRoom acknowledgement (or why connecting failed), settled once. */
  readonly joined: Promise<Ack<GameStatus>>;
  /** Lobby: start the game with two members (docs/game.md: a refusal is only logged). */
  start(): Promise<void>;
  /** Sends the draft fleet; the store marks it submitted once the server accepts it. */
  place(): Promise<void>;
  /** Fires at `target` on the player's turn at a cell not yet shot; false (and nothing sent) otherwise. */
  shoot(target: Coord): boolean;
  /** Salvo: fires every aimed cell together once all the turn's shots are aimed; false (nothing sent) otherwise. */
  fire(): boolean;
  /** From the end screen, the next round. */
  replay(): Promise<void>;
  /** Gives up the game in PLAY; a refusal is shown, unlike the silent actions. True once done. */
  resign(): Promise<boolean>;
  /** Leaves a lobby before the game starts and closes the socket; true once the server removed this player. */
  leave(): Promise<boolean>;
  /** Closes the socket and empties the store; once. */
  close(): void;
  /** The room's chat on this socket; null for a client without one. */
  readonly talk: RoomTalk | null;
}

export interface OpenOptions {
  /** Called once when the session closes, whoever closed it. */
  readonly onClosed?: () => void;
  /** The client to use; a real GameClient on the room by default. */
  readonly client?: RoomClient;
}

/** docs/game.md: errors from the silent actions are only logged, never shown. */
function logError(action: string, reply: unknown): void {
  if (isErrorAck(reply)) console.error(`[broadside] ${action} failed: ${reply.error}`, reply.message ?? '');
}

/** Opens the room's socket for `user`, starts the game store afresh and joins. */
export function openGameSession(slug: string, user: User, options: OpenOptions = {}): GameSession {
  resetGameStore(user.id, slug);
  const client = options.client ?? new GameClient({ url: serverUrl(), token: user.access_token, slug });
  const unsubscribe = client.subscribe((state, change) => {
    applyServerState(state, change);
    // A dropped socket may be a session ended elsewhere: the server closes its sockets (session-watch.ts).
    if (change === 'connected' && !state.connected) void checkSession();
  });
  const joined = client
    .connect()
    .then(() => client.joinRoom(slug))
    .then((reply) => {
      // The join answer names the dialect: a SPEC-only server hides what it cannot do (capabilities.ts).
      if (!isErrorAck(reply)) noteDialect(client.dialect);
      return reply;
    })
    .catch((error: unknown) => {
      // The handshake was refused: a token no longer valid sends the player to log in again.
      void checkSession();
      return errorAck('UNAUTHORIZED', error instanceof Error ? error.message : undefined);
    });
  let closed = false;

  const session: GameSession = {
    slug,
    userId: user.id,
    joined,
    talk: talkOf(client),
    async start() {
      logError('startGame', await client.startGame(slug));
    },
    async place() {
      const reply = await client.placeShips(gameStore.draft);
      logError('placeShips', reply);
      if (!isErrorAck(reply) && gameStore.gameStatus === 'PLACE_SHIPS') gameStore.fleetSubmitted = true;
    },
    shoot(target) {
      if (closed || !mayShoot(gameStore, target)) return false;
      void client.shoot(target).then((reply) => logError('shoot', reply));
      return true;
    },
    fire() {
      const cells = gameStore.aim.map(({ x, y }) => ({ x, y }));
      if (closed || !isMyTurn(gameStore) || cells.length === 0 || cells.length !== shotsAllowed(gameStore))
        return false;
      // The aim is spent: the results come back in the view, which ends the turn.
      gameStore.aim = [];
      void client.shoot(cells).then((reply) => {
        logError('shoot', reply);
        if (isErrorAck(reply)) showError(errorText(reply));
      });
      return true;
    },
    async replay() {
      // This player's own new round must not be held back as the opponent's surprise.
      gameStore.replayAsked = true;
      const reply = await client.replay(slug);
      if (isErrorAck(reply)) gameStore.replayAsked = false;
      logError('replay', reply);
    },
    async resign() {
      const reply = await client.resign(slug);
      if (isErrorAck(reply)) showError(errorText(reply));
      return !isErrorAck(reply);
    },
    async leave() {
      const reply = await client.leaveRoom(slug);
      if (isErrorAck(reply)) {
        showError(errorText(reply));
        return false;
      }
      session.close();
      return true;
    },
    close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      client.close();
      // The store is this session's only while it still shows this room for this user.
      if (gameStore.slug === slug && gameStore.userId === user.id) resetGameStore(null, null);
      options.onClosed?.();
    },
  };
  return session;
}
