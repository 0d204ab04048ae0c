import type { MAIL_LANGUAGES, UpdateUserBody } from '../../protocol/accounts';

/**
 * The bodies the account page sends (docs/game.md, "Your account"). A Broadside server asks for
 * the current password to change the e-mail or the password; the original server's
 * `PUT /users/:id` takes none (an unknown field fails there), so it is left out on that server.
 */
export interface ChangeContext {
  /** True on a server that asks for the current password (ours: the `account` feature). */
  readonly confirms: boolean;
  /** The interface's language: ours mails the notice of a new e-mail or password in it. */
  readonly language: (typeof MAIL_LANGUAGES)[number];
}

export function usernameChange(username: string): UpdateUserBody {
  return { username: username.trim() };
}

export function emailChange(
  email: string,
  currentPassword: string,
  { confirms, language }: ChangeContext,
): UpdateUserBody {
  return confirms ? { email: email.trim(), currentPassword, language } : { email: email.trim() };
}

export function passwordChange(
  password: string,
  currentPassword: string,
  { confirms, language }: ChangeContext,
): UpdateUserBody {
  return confirms ? { password, currentPassword, language } : { password };
}

/** A new password typed twice must be typed the same: the one check beyond "required" (a typo would lock the player out). */
export function passwordsDiffer(password: string, again: string): boolean {
  return password !== again;
}

/** "March 2026" in the reader's language, for "Playing since …"; null when the server's date does not read. */
export function sinceText(creationDate: string, language: string): string | null {
  const time = Date.parse(creationDate);
  if (Number.isNaN(time)) return null;
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(time);
}
