import { ERROR_CODES, type ErrorCode } from '../../protocol/errors';
import { isErrorAck } from '../../protocol/types';

/**
 * What the banner shows: a translation key (our own texts, the server's error codes) or the
 * server's own message, shown as it came (SPEC §8).
 */
export type BannerText =
  | { readonly key: string; readonly params?: Readonly<Record<string, string>> }
  | { readonly raw: string };

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
}

function isHttpFailure(error: unknown): error is HttpFailure {
  return error instanceof Error && error.name === 'ApiError' && 'status' in error && typeof error.status === 'number';
}

/**
 * SPEC §8 error texts: an HTTP error shows the server's message (sign-up 400 already joined with
 * ', ' by ApiClient); an unreachable server and socket error codes are translated.
 */
export function errorText(error: unknown): BannerText {
  if (isHttpFailure(error)) {
    if (error.status === 0) return { key: 'errors.network' };
    return error.message ? { raw: error.message } : { key: 'errors.unexpected' };
  }
  if (isErrorAck(error)) return errorCodeText(error.error);
  return { key: 'errors.unexpected' };
}
