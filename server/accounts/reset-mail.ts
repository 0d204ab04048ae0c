import type { MAIL_LANGUAGES } from '../../src/protocol';
import type { MailMessage } from './mailer';

export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** The web client's page a reset link opens; the token rides in the fragment, which no server or proxy logs. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password#token=${encodeURIComponent(token)}`;
}

const TEXTS: Record<MailLanguage, (username: string, link: string, minutes: number) => Omit<MailMessage, 'to'>> = {
  en: (username, link, minutes) => ({
    subject: 'Choose a new Broadside password',
    text: [
      `Hello ${username},`,
      '',
      'Someone, probably you, asked to reset the password of your Broadside account.',
      `Open this link within ${minutes} minutes to choose a new one:`,
      '',
      link,
      '',
      'The link works once. Every device logged in to your account is logged out when you use it.',
      'If you did not ask for it, ignore this e-mail: your password stays as it is.',
      '',
    ].join('\n'),
  }),
  fr: (username, link, minutes) => ({
    subject: 'Choisissez un nouveau mot de passe Broadside',
    text: [
      `Bonjour ${username},`,
      '',
      'Quelqu’un, sans doute vous, a demandé à réinitialiser le mot de passe de votre compte Broadside.',
      `Ouvrez ce lien dans les ${minutes} minutes pour en choisir un nouveau :`,
      '',
      link,
      '',
      'Le lien ne sert qu’une fois. Tous les appareils connectés à votre compte en sont déconnectés quand vous l’utilisez.',
      'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste le même.',
      '',
    ].join('\n'),
  }),
};

/** The e-mail that carries a password-reset link, in the language the player asked from. */
export function resetMail(
  language: MailLanguage,
  to: string,
  username: string,
  link: string,
  minutes: number,
): MailMessage {
  return { to, ...TEXTS[language](username, link, minutes) };
}
