import { randomBytes, randomUUID } from 'node:crypto';
import { type Command, Option } from 'commander';
import { jwtDecode } from 'jwt-decode';
import { ApiClient, ApiError, GameClient, isErrorAck, TokenPayloadSchema } from '../src/protocol';
import type { Rules } from '../src/game';
import { CliError } from './errors';

export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** A logged-in user: the HTTP client carrying its token, and who the token says it is. */
export interface Account {
  readonly api: ApiClient;
  readonly token: string;
  readonly userId: string;
  readonly username: string;
  /** Absent when the account came as a token (`broadside load --tokens`). */
  readonly credentials?: Credentials;
}

function identity(token: string): { id: string; username: string } {
  let claims: unknown;
  try {
    claims = jwtDecode(token);
  } catch {
    throw new CliError('the server returned an access token that is not a JWT');
  }
  const parsed = TokenPayloadSchema.safeParse(claims);
  if (!parsed.success) throw new CliError('the server returned an access token without id and username');
  return parsed.data;
}

/** An account that logged in with a password, whose credentials are known. */
export type LoggedIn = Account & { readonly credentials: Credentials };

export async function login(server: string, credentials: Credentials): Promise<LoggedIn> {
  const api = new ApiClient({ baseUrl: server });
  const { access_token } = await api.login(credentials);
  const { id, username } = identity(access_token);
  return { api, token: access_token, userId: id, username, credentials };
}

/** An account from an access token the server issued earlier (no login: the token says who). */
export function accountOfToken(server: string, token: string): Account {
  const { id, username } = identity(token);
  return { api: new ApiClient({ baseUrl: server, token }), token, userId: id, username };
}

/** Fresh credentials for a bot: unique across runs and machines, valid under the sign-up rules. */
export function botCredentials(prefix = 'bot'): Credentials & { username: string } {
  const username = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`.slice(0, 20);
  return { username, email: `${username}@bots.broadside.test`, password: randomBytes(12).toString('hex') };
}

/** Signs a new bot up (without logging it in) and returns its credentials. */
export async function signUp(server: string, prefix = 'bot'): Promise<Credentials> {
  const fresh = botCredentials(prefix);
  await new ApiClient({ baseUrl: server }).signUp(fresh);
  return { email: fresh.email, password: fresh.password };
}

/**
 * Credentials for `--register --email ADDRESS [--password P]`: that address, the password given or
 * a fresh one, and a username from the address's local part within the sign-up rules (3 to 20
 * letters, digits, `.`, `_`, `-`).
 */
export function addressCredentials(email: string, password?: string): Credentials & { username: string } {
  const local = (email.split('@')[0] ?? '').replace(/[^\p{L}\p{N}_.-]/gu, '_').slice(0, 20);
  const username = local.length >= 3 ? local : `${local}_bot`.slice(0, 20);
  return { username, email: email.trim(), password: password ?? randomBytes(12).toString('hex') };
}

/** Signs a new bot up, then logs it in (as the web client does after sign-up). */
export async function register(server: string, prefix = 'bot'): Promise<LoggedIn> {
  return login(server, await signUp(server, prefix));
}

/**
 * Creates a room as `account`, with a turn clock of `turnSeconds` when given, under `rules` when
 * given (docs/game.md, "Rule variants"; the server's default, classic, otherwise).
 */
export async function createRoom(
  account: Account,
  turnSeconds: 30 | 60 | null = null,
  rules: Rules | null = null,
  options: { readonly public?: boolean } = {},
): Promise<string> {
  const { slug } = await account.api.createRoom({
    userId: account.userId,
    username: account.username,
    socketId: null,
    ...(turnSeconds === null ? {} : { turnSeconds }),
    ...(rules === null ? {} : { rules }),
    ...(options.public ? { public: true } : {}),
  });
  return slug;
}

export interface SeatOptions {
  /** WebSocket only: no long-polling round trips, which matters under load. */
  readonly websocketOnly?: boolean;
  readonly ackTimeoutMs?: number;
}

/** Connects a GameClient for `account` and joins `slug`; a refused join is a CliError naming the code. */
export async function takeSeat(server: string, account: Account, slug: string, options: SeatOptions = {}) {
  const client = new GameClient({
    url: server,
    token: account.token,
    slug,
    ackTimeoutMs: options.ackTimeoutMs ?? 10_000,
    socket: options.websocketOnly === false ? {} : { transports: ['websocket'] },
  });
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw new CliError(`cannot connect to ${server}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const joined = await client.joinRoom(slug);
  if (isErrorAck(joined)) {
    client.close();
    throw new CliError(`cannot join room "${slug}": ${joined.error}`);
  }
  return client;
}

/** Adds --email, --password (or their BROADSIDE_ variables) and --register: how a command logs in. */
export function withAccountOptions(command: Command): Command {
  return command
    .addOption(new Option('--email <email>', 'log in with this e-mail').env('BROADSIDE_EMAIL'))
    .addOption(new Option('--password <password>', 'log in with this password').env('BROADSIDE_PASSWORD'))
    .addOption(
      new Option(
        '--register',
        'sign an account up instead of logging in: a fresh one, or with --email (and --password) that one',
      ),
    );
}

/**
 * Makes the account a bot account (docs/engines.md, "Bot accounts"): for good, and only while it
 * has played no rated game. Says what happened through `info`; a refusal is a CliError.
 */
export async function becomeBot(account: Account, info: (line: string) => void): Promise<void> {
  try {
    const done = await account.api.upgradeToBot();
    info(
      done.upgraded
        ? `${account.username} is now a bot account (a BOT badge everywhere; this cannot be undone)`
        : `${account.username} is a bot account`,
    );
  } catch (error) {
    if (error instanceof ApiError) throw new CliError(`cannot play as a bot: ${error.message}`);
    throw error;
  }
}

/** The account the options of accountOptions() name. */
export async function accountFrom(options: {
  server: string;
  email?: string;
  password?: string;
  register?: boolean;
}): Promise<Account> {
  if (options.register && options.email) {
    const wanted = addressCredentials(options.email, options.password);
    try {
      await new ApiClient({ baseUrl: options.server }).signUp(wanted);
    } catch (error) {
      if (error instanceof ApiError) throw new CliError(`cannot register ${wanted.email}: ${error.message}`);
      throw error;
    }
    // A password the user did not choose is theirs to keep: without it the account is lost.
    if (!options.password)
      process.stderr.write(`registered ${wanted.email} (${wanted.username}) with password ${wanted.password}\n`);
    return login(options.server, { email: wanted.email, password: wanted.password });
  }
  if (options.register) return register(options.server, 'bot');
  if (!options.email || !options.password) throw new CliError('give --email and --password, or --register');
  return login(options.server, { email: options.email, password: options.password });
}
