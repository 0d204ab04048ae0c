import { ERROR_CODES, type ErrorCode } from '../../protocol/errors';
import { isLimitReason } from '../../protocol/limits';
import { isErrorAck } from '../../protocol/types';
import { serverMessageKey } from './server-messages';

/**
 * What the banner shows: a translation key (our own texts, the server's error codes) or the
 * server's own message, shown as it came (docs/game.md, Errors the player sees).
 */
export type BannerText =
  | { readonly key: string; readonly params?: Readonly<Record<string, string>> }
  | { readonly raw: string }
  | { readonly parts: readonly BannerText[] };

function isErrorCode(value: string): value is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(value);
}

export function errorCodeText(code: string): BannerText {
  return isErrorCode(code) ? { key: `errors.codes.${code}` } : { key: 'errors.unexpected' };
}

/** An HTTP failure as ApiError describes it (duck-typed so this module does not load the client). */
interface HttpFailure {
  readonly name: 'ApiError';
  readonly message: string;
  readonly status: number;
  readonly messages?: readonly string[];
  readonly limit?: { readonly reason: string; readonly retryAfter: number; readonly limit: number } | null;
}

/**
 * A refusal for a limit (HTTP 429 or a LIMIT_REACHED acknowledgement), told from its
 * machine-readable reason in the player's language (docs/protocol.md, "Limits"); null when the
 * reason is not one this client knows.
 */
export function limitText(details: { reason?: unknown; retryAfter?: unknown; limit?: unknown }): BannerText | null {
  if (!isLimitReason(details.reason)) return null;
  const seconds = typeof details.retryAfter === 'number' ? details.retryAfter : 60;
  return {
    key: `errors.limits.${details.reason}`,
    params: {
      limit: String(typeof details.limit === 'number' ? details.limit : ''),
      minutes: String(Math.max(1, Math.ceil(seconds / 60))),
      seconds: String(Math.max(1, Math.ceil(seconds))),
    },
  };
}

function isHttpFailure(error: unknown): error is HttpFailure {
  return error instanceof Error && error.name === 'ApiError' && 'status' in error && typeof error.status === 'number';
}

/**
 * The error texts of docs/game.md, Errors the player sees: an HTTP error shows the server's message (sign-up 400 already joined with
 * ', ' by ApiClient); an unreachable server and socket error codes are translated.
 */
export function errorText(error: unknown): BannerText {
  if (isHttpFailure(error)) {
    if (error.status === 0) return { key: 'errors.network' };
    const limited = error.status === 429 && error.limit ? limitText(error.limit) : null;
    if (limited) return limited;
    if (!error.message) return { key: 'errors.unexpected' };
    // Known server messages are translated (issue #13); others are shown as the server wrote them.
    const messages = error.messages && error.messages.length > 0 ? error.messages : [error.message];
    const keys = messages.map(serverMessageKey);
    if (keys.every((key) => key === null)) return { raw: error.message };
    return { parts: messages.map((message, i) => (keys[i] ? { key: keys[i] } : { raw: message })) };
  }
  if (isErrorAck(error)) {
    // A server that refuses with a sentence of its own (the original server): its text, as it came.
    if (error.error === 'REFUSED' && error.message) return { raw: error.message };
    if (error.error === 'LIMIT_REACHED') return limitText(error) ?? errorCodeText(error.error);
    return errorCodeText(error.error);
  }
  return { key: 'errors.unexpected' };
}

/**
 * POST /room/computer: a 503 means every computer seat is taken (MAX_BOT_GAMES); its message carries
 * the server's limit, so it is told in the player's language rather than matched as a known text.
 */
export function computerGameError(error: unknown): BannerText {
  if (isHttpFailure(error) && error.status === 503) return { key: 'computer.busy' };
  return errorText(error);
}
