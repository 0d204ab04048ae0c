/**
 * The server's own English messages (zod rules of src/protocol/schemas.ts, server/http/routes.ts)
 * mapped to translation keys under `errors.server`, so a French player reads them in French
 * (issue #13). A message not listed here is shown as the server wrote it.
 */
export const SERVER_MESSAGES: Readonly<Record<string, string>> = {
  'username is required': 'usernameRequired',
  'username must be at least 3 characters': 'usernameShort',
  'username must be at most 20 characters': 'usernameLong',
  'username may contain only letters, digits, ".", "_" and "-"': 'usernameChars',
  'email is required': 'emailRequired',
  'email must be at most 254 characters': 'emailLong',
  'email must be a valid e-mail address': 'emailInvalid',
  'password is required': 'passwordRequired',
  'password must be at least 8 characters': 'passwordShort',
  'password must be at most 128 characters': 'passwordLong',
  'This username is already taken': 'usernameTaken',
  'This e-mail is already registered': 'emailTaken',
  'Invalid e-mail or password': 'invalidLogin',
  'A valid access token is required': 'tokenRequired',
  'Unknown user': 'unknownUser',
  'The current password is wrong': 'wrongPassword',
  'currentPassword is required to change the e-mail or the password': 'currentPasswordRequired',
  'password is required to delete your account': 'deletePasswordRequired',
  'No such player': 'noSuchPlayer',
  'This link is invalid or has expired: ask for a new one': 'badResetLink',
  'This server sends no e-mail, so a forgotten password cannot be reset here: ask the server’s operator': 'noMail',
  'You may change only your own account': 'notYours',
  'You may delete only your own account': 'notYours',
  'nothing to change: send a username, an email, a password or a role': 'nothingToChange',
};

/** The translation key of a server message, or null when it is not a known one. */
export function serverMessageKey(message: string): string | null {
  const id = SERVER_MESSAGES[message.trim()];
  return id ? `errors.server.${id}` : null;
}
