import { type ErrorCode, isErrorAck } from '../../src/protocol';
import { BROADSIDE_PROTOCOL, type Dialect } from '../../src/protocol/dialect';

/*
 * Which wire a socket speaks (docs/protocol.md): `broadside/2` when its handshake asks for it (our
 * browser, CLI, load generator), otherwise the SPEC dialect, exactly as the original server answers.
 */

export type SocketDialect = Exclude<Dialect, 'legacy'>;

/** The dialect a handshake query asks for. */
export function dialectOfQuery(query: unknown): SocketDialect {
  const protocol = typeof query === 'object' && query !== null ? (query as { protocol?: unknown }).protocol : undefined;
  return protocol === BROADSIDE_PROTOCOL ? 'broadside/2' : 'spec';
}

/**
 * A sentence a person can read for each code: the SPEC dialect's `error` is shown as it comes in
 * the original client's banner, so it carries this, with the stable code beside it in `code`.
 */
const SENTENCES: Record<ErrorCode, string> = {
  BAD_PAYLOAD: 'The server did not understand the request.',
  UNAUTHORIZED: 'Your session is no longer valid. Please log in again.',
  ROOM_NOT_FOUND: 'This game does not exist.',
  ROOM_FULL: 'This game already has two players.',
  NOT_A_MEMBER: 'You are not a player of this game.',
  NOT_JOINED: 'You have not joined this game.',
  WRONG_STATUS: 'This cannot be done at this stage of the game.',
  NEED_TWO_PLAYERS: 'The game needs exactly two players.',
  WRONG_SHOT_COUNT: 'Fire one shot for each of your ships still afloat.',
  RULES_NOT_SUPPORTED: 'This room plays rules your client cannot show.',
  INVALID_FLEET: 'Your fleet is not a valid layout.',
  NOT_YOUR_TURN: 'It is not your turn.',
  ALREADY_SHOT: 'You already shot at this cell.',
  OUT_OF_BOUNDS: 'This cell is outside the grid.',
  TIMEOUT: 'The server did not answer in time.',
  DISCONNECTED: 'The connection to the server was lost.',
  INTERNAL: 'The server ran into a problem.',
  SPECTATOR: 'Spectators cannot act in the game.',
  CONFLICT: 'The game changed meanwhile. Check the board and try again.',
  REFUSED: 'The server refused the request.',
  BAD_REPLY: 'The server gave an answer this client cannot read.',
};

/** The readable sentence of an error code, with the detail the server gave. */
export function errorSentence(code: ErrorCode, detail?: string): string {
  return detail ? `${SENTENCES[code]} (${detail})` : SENTENCES[code];
}

/** Events whose success the SPEC dialect answers with `{ gameStatus }`. */
const STATUS_EVENTS = new Set(['joinRoom', 'replay']);

/**
 * An acknowledgement as the socket's dialect writes it. SPEC: `{gameStatus}` for a join or a
 * replay, `{}` for a success without a value (never null: the original client calls
 * `response.hasOwnProperty`), `{error: sentence, code}` for a refusal. broadside/2: the join and
 * replay acks name the protocol (how a client learns the server speaks it), the rest as they are.
 */
export function replyFor(dialect: SocketDialect, event: string, reply: unknown): unknown {
  if (isErrorAck(reply)) {
    return dialect === 'spec' ? { error: errorSentence(reply.error, reply.message), code: reply.error } : reply;
  }
  if (STATUS_EVENTS.has(event) && typeof reply === 'string') {
    return dialect === 'spec' ? { gameStatus: reply } : { gameStatus: reply, protocol: BROADSIDE_PROTOCOL };
  }
  if (reply === null || reply === undefined) return dialect === 'spec' ? {} : null;
  return reply;
}
