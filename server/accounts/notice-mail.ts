import type { MailMessage } from './mailer';
import type { MailLanguage } from './reset-mail';

/** What changed on an account, for the notice sent to the address it had. */
export interface AccountChangeNotice {
  readonly username: string;
  /** The new address, when the e-mail changed. */
  readonly newEmail: string | null;
  readonly password: boolean;
  /** The web client's "Forgot your password?" page. */
  readonly resetUrl: string;
}

/** "al…@example.org": enough for the owner to recognise an address, too little to copy it. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '…';
  return `${email.slice(0, Math.min(2, at))}…${email.slice(at)}`;
}

const TEXTS: Record<MailLanguage, (notice: AccountChangeNotice) => Omit<MailMessage, 'to'>> = {
  en: ({ username, newEmail, password, resetUrl }) => ({
    subject: newEmail ? 'The e-mail of your Broadside account was changed' : 'Your Broadside password was changed',
    text: [
      `Hello ${username},`,
      '',
      ...(newEmail ? [`The e-mail address of your Broadside account is now ${maskedEmail(newEmail)}.`] : []),
      ...(password ? ['The password of your Broadside account was changed; every other device was logged out.'] : []),
      '',
      'If you did it, there is nothing to do.',
      newEmail
        ? 'If you did not, someone else knows your password: write to the server’s operator at once.'
        : `If you did not, choose a new password now: ${resetUrl}`,
      '',
    ].join('\n'),
  }),
  fr: ({ username, newEmail, password, resetUrl }) => ({
    subject: newEmail ? 'L’e-mail de votre compte Broadside a changé' : 'Votre mot de passe Broadside a changé',
    text: [
      `Bonjour ${username},`,
      '',
      ...(newEmail ? [`L’adresse e-mail de votre compte Broadside est désormais ${maskedEmail(newEmail)}.`] : []),
      ...(password
        ? ['Le mot de passe de votre compte Broadside a changé ; tous vos autres appareils ont été déconnectés.']
        : []),
      '',
      'Si c’est vous, il n’y a rien à faire.',
      newEmail
        ? 'Sinon, quelqu’un d’autre connaît votre mot de passe : écrivez tout de suite à l’opérateur du serveur.'
        : `Sinon, choisissez tout de suite un nouveau mot de passe : ${resetUrl}`,
      '',
    ].join('\n'),
  }),
};

/**
 * The notice sent to the address an account had when its e-mail or password changed, in the
 * language the change was asked in: the owner learns of a change they did not make while the old
 * address still reaches them.
 */
export function accountChangeMail(language: MailLanguage, to: string, notice: AccountChangeNotice): MailMessage {
  return { to, ...TEXTS[language](notice) };
}
