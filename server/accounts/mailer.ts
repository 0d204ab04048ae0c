import { createTransport } from 'nodemailer';
import type { ServerConfig } from '../config';

/** One e-mail to one address, as plain text. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** What sends the server's e-mails (only the password-reset links so far). */
export interface Mailer {
  /** Where the links in e-mails point: the address players reach the web client at. */
  readonly publicUrl: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** True when the server sends e-mail, so a forgotten password can be reset (the `passwordReset` feature). */
export function sendsMail(config: Pick<ServerConfig, 'smtpUrl' | 'publicUrl'>): boolean {
  return Boolean(config.smtpUrl && config.publicUrl);
}

/**
 * The operator's SMTP server (SMTP_URL, nodemailer's `smtp://user:pass@host:587` or `smtps://…`),
 * or null when the server sends no e-mail: then no password can be reset by e-mail, and the web
 * client says so. A link needs the address players reach the server at (PUBLIC_URL): taking it
 * from the request's Host header would let anyone send a victim a link to their own site.
 */
export function mailerFrom(config: ServerConfig): Mailer | null {
  if (!config.smtpUrl || !config.publicUrl) return null;
  const publicUrl = config.publicUrl;
  if (!/^https?:\/\/[^/]/i.test(publicUrl))
    throw new Error(`PUBLIC_URL must be an http:// or https:// address, not "${publicUrl}"`);
  const from = config.mailFrom ?? `Broadside <no-reply@${new URL(publicUrl).hostname}>`;
  const transport = createTransport(config.smtpUrl, { from });
  return {
    publicUrl,
    send: async (message) => {
      await transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}
