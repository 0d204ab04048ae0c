import { BAN_FOREVER } from '../../protocol/ban-forever';
import type { BannerText } from './error-text';

/** What ApiError carries of a banned account's refused login (duck-typed: this module does not load the client). */
interface BannedFailure {
  readonly name: 'ApiError';
  readonly banned?: { readonly until: number; readonly why: string } | null;
}

function isBannedFailure(error: unknown): error is BannedFailure & { banned: { until: number; why: string } } {
  return (
    error instanceof Error &&
    error.name === 'ApiError' &&
    typeof (error as BannedFailure).banned === 'object' &&
    (error as BannedFailure).banned !== null
  );
}

/**
 * A refused login of a banned account (403, reason BANNED; docs/protocol.md, "Moderation"), told
 * in the player's language: until when, in their way of writing dates, and why. Null for any
 * other failure.
 */
export function bannedText(error: unknown, language: string): BannerText | null {
  if (!isBannedFailure(error)) return null;
  const { until, why } = error.banned;
  if (until >= BAN_FOREVER) return { key: 'login.bannedForever', params: { why } };
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(until);
  return { key: 'login.bannedUntil', params: { when, why } };
}
