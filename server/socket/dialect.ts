import english from '../../locales/en/translation.json';
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
 * the original client's banner, so it carries the English text our own client shows for the code
 * (one source: locales/en), with the stable code beside it in `code`.
 */
const SENTENCES: Readonly<Record<string, string>> = english.errors.codes;

/** The readable sentence of an error code, with the detail the server gave. */
export function errorSentence(code: ErrorCode, detail?: string): string {
  const sentence = SENTENCES[code] ?? english.errors.unexpected;
  return detail ? `${sentence} (${detail})` : sentence;
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
