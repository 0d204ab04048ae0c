import { BAN_FOREVER } from '../../protocol/ban-forever';

/** A moment as the moderators' page writes it: date and time in the reader's language. */
export function momentText(language: string, at: number): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** The end of a ban or mute: a date, or null for "until lifted". */
export function untilText(language: string, until: number): string | null {
  return until >= BAN_FOREVER ? null : momentText(language, until);
}
