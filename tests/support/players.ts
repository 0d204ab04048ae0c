import { randomUUID } from 'node:crypto';
import { jwtDecode } from 'jwt-decode';
import { io, type Socket } from 'socket.io-client';
import { ApiClient, type ClientGameState, GameClient, SOCKET_NAMESPACE, type TokenPayload } from '../../src/protocol';
import { waitForState as waitForBotState } from '../../src/bots/wait-for-state';

export interface TestPlayer {
  readonly api: ApiClient;
  readonly token: string;
  readonly id: string;
  readonly username: string;
  readonly email: string;
}

/** Signs a fresh user up and logs in through ApiClient, as the browser and the CLI do. */
export async function newPlayer(url: string, prefix = 'p'): Promise<TestPlayer> {
  const api = new ApiClient({ baseUrl: url });
  const tag = randomUUID().slice(0, 8);
  const username = `${prefix}_${tag}`;
  const email = `${username}@example.test`;
  await api.signUp({ username, email, password: 'correct horse battery' });
  const { access_token } = await api.login({ email, password: 'correct horse battery' });
  const payload = jwtDecode<TokenPayload>(access_token);
  return { api, token: access_token, id: payload.id, username: payload.username, email };
}

/**
 * Signs up the account of `email` (one the server's ADMIN_EMAILS names, so it is a moderator) and
 * logs it in, as a TestPlayer whose `api` carries its token.
 */
export async function signedUpAs(url: string, email: string, username: string): Promise<TestPlayer> {
  const api = new ApiClient({ baseUrl: url });
  await api.signUp({ username, email, password: 'correct horse battery' });
  const { access_token } = await api.login({ email, password: 'correct horse battery' });
  const signedIn = new ApiClient({ baseUrl: url, token: access_token });
  const me = await signedIn.me();
  return { api: signedIn, token: access_token, id: me.id, username: me.username, email };
}

/** A connected GameClient over WebSocket only (no long-polling in tests). */
export async function connectClient(url: string, token: string, slug: string): Promise<GameClient> {
  const client = new GameClient({ url, token, slug, socket: { transports: ['websocket'], reconnection: false } });
  await client.connect();
  return client;
}

/** Resolves once `predicate` holds on the client's state (checked now and after every change). */
export function waitForState(
  client: GameClient,
  predicate: (state: ClientGameState) => boolean,
  timeoutMs = 5000,
): Promise<ClientGameState> {
  // The bots' wait, with the state it stopped at in the message: what a failing test needs to say.
  return waitForBotState(client, predicate, 'a state', timeoutMs).catch(() => {
    throw new Error(`state not reached within ${timeoutMs} ms: ${JSON.stringify(client.state).slice(0, 400)}`);
  });
}

/**
 * A raw socket.io socket that does not ask for broadside/2, as the original client connects
 * (docs/protocol.md, SPEC dialect); records the name of every event it receives, in order.
 */
export async function rawSpecSocket(
  url: string,
  token: string,
  slug: string,
): Promise<{ socket: Socket; events: string[] }> {
  const socket = io(`${url}${SOCKET_NAMESPACE}`, {
    query: { token, slug },
    transports: ['websocket'],
    reconnection: false,
  });
  const events: string[] = [];
  socket.onAny((event: string) => events.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events };
}
