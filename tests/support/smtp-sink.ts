import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail the sink received: its envelope, headers and decoded plain-text body. */
export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`: the SMTP_URL of a server under test. */
  readonly url: string;
  readonly mails: readonly ReceivedMail[];
  /** Resolves with the first e-mail to `to` received from now on (or already received when `past`). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Undoes a part's Content-Transfer-Encoding (quoted-printable, base64, or none) and reads it as UTF-8. */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes an RFC 2047 header (`=?UTF-8?Q?…?=` or `?B?`), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Reads a single-part text message as nodemailer sends it. */
function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string): string => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const body = raw.slice(split + 4).replace(/\r\n\.\r\n$/, '');
  return {
    from,
    to,
    subject: decodeHeader(header('Subject')),
    text: decodeBody(body, header('Content-Transfer-Encoding').toLowerCase()).replace(/\r\n/g, '\n'),
  };
}

/**
 * A real SMTP server on a loopback port (a free one by default) that keeps every e-mail it receives (smtp-server, the
 * library nodemailer's authors test with): what the password-reset tests send their links to.
 */
export async function startSmtpSink(listenPort = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiting = new Set<(mail: ReceivedMail) => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const mail = parseMail(
          Buffer.concat(chunks).toString('utf8'),
          from,
          session.envelope.rcptTo.map((r) => r.address),
        );
        mails.push(mail);
        for (const listener of waiting) listener(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next: (to, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const wanted = to.toLowerCase();
        const timer = setTimeout(() => {
          waiting.delete(listener);
          reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        function listener(mail: ReceivedMail): void {
          if (!mail.to.some((address) => address.toLowerCase() === wanted)) return;
          clearTimeout(timer);
          waiting.delete(listener);
          resolve(mail);
        }
        waiting.add(listener);
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The token of the reset link in an e-mail's text (docs/protocol.md, "Password reset"). */
export function resetTokenOf(mail: ReceivedMail): string {
  const token = /\/reset-password#token=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text}`);
  return decodeURIComponent(token);
}
