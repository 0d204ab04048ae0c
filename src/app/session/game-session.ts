import type { Coord, GameStatus } from '../../game';
import { GameClient } from '../../protocol/game-client';
import { type Ack, errorAck, isErrorAck } from '../../protocol/types';
import { errorText } from '../errors/error-text';
import { showError } from '../stores/banner';
import { applyServerState, gameStore, resetGameStore, setShotHandler } from '../stores/game';
import type { User } from '../stores/user';
import { registerSessionCloser } from './active-session';

/**
 * One socket per room, shared by the lobby and the game page so moving between them keeps the
 * connection (and the membership) alive. Pages acquire and release it; the last release closes it
 * after a grace period that covers loading the game page's chunk.
 */
export interface GameSession {
  readonly slug: string;
  readonly userId: string;
  readonly client: GameClient;
  /** The joinRoom acknowledgement (or why connecting failed), settled once. */
  readonly joined: Promise<Ack<GameStatus>>;
}

interface Entry {
  session: GameSession;
  users: number;
  closeTimer: ReturnType<typeof setTimeout> | null;
  unsubscribe: () => void;
}

export const SESSION_GRACE_MS = 3_000;

let current: Entry | null = null;

/** docs/game.md, Errors the player sees: errors from these calls are only logged, never shown. */
function logError(action: string, reply: unknown): void {
  if (isErrorAck(reply)) console.error(`[broadside] ${action} failed: ${reply.error}`, reply.message ?? '');
}

function open(slug: string, user: User): Entry {
  resetGameStore(user.id, slug);
  const client = new GameClient({ url: '', token: user.access_token, slug });
  const unsubscribe = client.subscribe((state, change) => applyServerState(state, change));
  const joined = client
    .connect()
    .then(() => client.joinRoom(slug))
    .catch((error: unknown) => errorAck('UNAUTHORIZED', error instanceof Error ? error.message : undefined));
  setShotHandler((target: Coord) => {
    void client.shoot(target).then((reply) => logError('shoot', reply));
  });
  return { session: { slug, userId: user.id, client, joined }, users: 0, closeTimer: null, unsubscribe };
}

function close(entry: Entry): void {
  if (entry.closeTimer) clearTimeout(entry.closeTimer);
  entry.unsubscribe();
  entry.session.client.close();
  setShotHandler(null);
  if (current === entry) {
    current = null;
    resetGameStore(null, null);
  }
}

export function acquireSession(slug: string, user: User): GameSession {
  if (current && (current.session.slug !== slug || current.session.userId !== user.id)) close(current);
  current ??= open(slug, user);
  registerSessionCloser(closeSession);
  if (current.closeTimer) clearTimeout(current.closeTimer);
  current.closeTimer = null;
  current.users += 1;
  return current.session;
}

export function releaseSession(session: GameSession): void {
  const entry = current;
  if (!entry || entry.session !== session) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  entry.closeTimer = setTimeout(() => close(entry), SESSION_GRACE_MS);
}

/** Closes the room's socket at once (logout). */
export function closeSession(): void {
  if (current) close(current);
}

export async function startGame(session: GameSession): Promise<void> {
  logError('startGame', await session.client.startGame(session.slug));
}

/** Sends the draft fleet; the store marks it submitted once the server echoes shipsIndexes. */
export async function placeShips(session: GameSession): Promise<void> {
  const reply = await session.client.placeShips(gameStore.draft);
  logError('placeShips', reply);
  if (!isErrorAck(reply) && gameStore.gameStatus === 'PLACE_SHIPS') gameStore.fleetSubmitted = true;
}

export async function replay(session: GameSession): Promise<void> {
  // This player's own new round must not be held back as the opponent's surprise.
  gameStore.replayAsked = true;
  const reply = await session.client.replay(session.slug);
  if (isErrorAck(reply)) gameStore.replayAsked = false;
  logError('replay', reply);
}

/** Gives up the game in PLAY (issue 11); a refusal is shown, unlike SPEC's silent actions. */
export async function resign(session: GameSession): Promise<boolean> {
  const reply = await session.client.resign(session.slug);
  if (isErrorAck(reply)) showError(errorText(reply));
  return !isErrorAck(reply);
}

/** Leaves a lobby before the game starts; true once the server removed this player. */
export async function leaveRoom(session: GameSession): Promise<boolean> {
  const reply = await session.client.leaveRoom(session.slug);
  if (isErrorAck(reply)) {
    showError(errorText(reply));
    return false;
  }
  closeSession();
  return true;
}
