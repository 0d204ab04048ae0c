import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsApi, ApiClient, PASSWORD_RESET_SENT } from '../../src/protocol';
import { lobbyOf } from '../support/lobby';
import { newPlayer } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';
import { resetTokenOf, type SmtpSink, startSmtpSink } from '../support/smtp-sink';

const PUBLIC_URL = 'https://broadside.example.test';
let sink: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({
    config: {
      smtpUrl: sink.url,
      publicUrl: PUBLIC_URL,
      mailFrom: 'Broadside <hello@example.test>',
      passwordResetsPerAddress: 0,
    },
  });
});
afterAll(async () => {
  await server.dispose();
  await sink.close();
});

const visitor = () => new AccountsApi(new ApiClient({ baseUrl: server.url }));
const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('password reset by e-mail', () => {
  it('mails a link in the player’s language; the link sets a new password once and ends every session', async () => {
    const p = await newPlayer(server.url, 'forgetful');
    const lobby = await lobbyOf(server.url, p);
    const closed = new Promise<string>((resolve) => lobby.socket.once('disconnect', resolve));
    const arriving = sink.next(p.email);
    expect(await visitor().requestPasswordReset({ email: p.email.toUpperCase(), language: 'fr' })).toBe(
      PASSWORD_RESET_SENT,
    );
    const mail = await arriving;
    expect(mail.from).toBe('hello@example.test');
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe Broadside');
    expect(mail.text).toContain(`Bonjour ${p.username},`);
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password#token=`);
    const token = resetTokenOf(mail);

    await visitor().resetPassword({ token, password: 'my brand new password' });
    expect(await closed).toBe('io server disconnect');
    expect((await fetch(`${server.url}/users/me`, { headers: { authorization: `Bearer ${p.token}` } })).status).toBe(
      401,
    );
    const api = new ApiClient({ baseUrl: server.url });
    await expect(api.login({ email: p.email, password: 'correct horse battery' })).rejects.toMatchObject({
      status: 401,
    });
    await expect(api.login({ email: p.email, password: 'my brand new password' })).resolves.toHaveProperty(
      'access_token',
    );
    await expect(visitor().resetPassword({ token, password: 'yet another password' })).rejects.toMatchObject({
      status: 400,
      message: 'This link is invalid or has expired: ask for a new one',
    });
  });

  it('answers the same for an e-mail nobody registered, and sends nothing', async () => {
    const before = sink.mails.length;
    const known = await newPlayer(server.url, 'known');
    const answers = await Promise.all(
      ['nobody.here@example.test', known.email].map(async (email) => {
        const response = await post(server.url, '/users/auth/password-reset', { email });
        return { status: response.status, body: await response.json() };
      }),
    );
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({ status: 202, body: { message: PASSWORD_RESET_SENT } });
    await sink.next(known.email);
    expect(sink.mails.slice(before).flatMap((m) => m.to)).toEqual([known.email]);
  });

  it('sends an address three links an hour at most, answering as ever', async () => {
    const p = await newPlayer(server.url, 'flooded');
    for (let i = 0; i < 5; i++)
      expect((await post(server.url, '/users/auth/password-reset', { email: p.email })).status).toBe(202);
    // The server sends after answering: wait for the three, then make sure no fourth follows.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sink.mails.filter((m) => m.to.includes(p.email))).toHaveLength(3);
  });

  it('refuses a bad token or a short password with a clear message; a deleted account’s link dies with it', async () => {
    expect(
      await (
        await post(server.url, '/users/auth/password-reset/confirm', { token: 'made-up', password: 'long enough pw' })
      ).json(),
    ).toMatchObject({
      statusCode: 400,
      message: 'This link is invalid or has expired: ask for a new one',
    });
    expect(
      await (await post(server.url, '/users/auth/password-reset/confirm', { token: 'x', password: 'short' })).json(),
    ).toMatchObject({
      message: ['password must be at least 8 characters'],
    });
    const p = await newPlayer(server.url, 'leaving');
    const arriving = sink.next(p.email);
    await visitor().requestPasswordReset({ email: p.email });
    const token = resetTokenOf(await arriving);
    await new AccountsApi(p.api).deleteUser(p.id, { password: 'correct horse battery' });
    await expect(visitor().resetPassword({ token, password: 'back from the dead' })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('is offered in /capabilities only where SMTP_URL and PUBLIC_URL are set; elsewhere 501 says why', async () => {
    const features = async (url: string) =>
      ((await (await fetch(`${url}/capabilities`)).json()) as { features: string[] }).features;
    expect(await features(server.url)).toContain('passwordReset');
    const plain = await startTestServer({ config: { smtpUrl: sink.url } });
    try {
      expect(await features(plain.url)).not.toContain('passwordReset');
      expect(await features(plain.url)).toEqual(expect.arrayContaining(['search', 'account']));
      const refused = await post(plain.url, '/users/auth/password-reset', { email: 'a@example.test' });
      expect(refused.status).toBe(501);
      expect(await refused.json()).toMatchObject({
        error: 'Not Implemented',
        message: 'This server sends no e-mail, so a forgotten password cannot be reset here: ask the server’s operator',
      });
    } finally {
      await plain.dispose();
    }
  });

  it('limits the requests from one address', async () => {
    const limited = await startTestServer({
      config: { smtpUrl: sink.url, publicUrl: PUBLIC_URL, passwordResetsPerAddress: 2 },
    });
    try {
      for (let i = 0; i < 2; i++)
        expect((await post(limited.url, '/users/auth/password-reset', { email: 'x@example.test' })).status).toBe(202);
      const refused = await post(limited.url, '/users/auth/password-reset', { email: 'y@example.test' });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ reason: 'PASSWORD_RESETS' });
    } finally {
      await limited.dispose();
    }
  });
});

describe('a notice of a new e-mail or password', () => {
  const PASSWORD = 'correct horse battery';

  it('goes to the address the account had, in the language asked; a new name alone sends nothing', async () => {
    const p = await newPlayer(server.url, 'noticed');
    const api = new AccountsApi(p.api);
    const before = sink.mails.length;
    await api.updateUser(p.id, { username: `${p.username}x` });

    const fresh = `new.${p.email}`;
    const told = sink.next(p.email);
    await api.updateUser(p.id, { email: fresh, currentPassword: PASSWORD, language: 'fr' });
    const mail = await told;
    expect(mail.subject).toBe('L’e-mail de votre compte Broadside a changé');
    expect(mail.text).toContain(`Bonjour ${p.username}x,`);
    // Enough of the new address to recognise it, not the address itself.
    expect(mail.text).toContain(`est désormais ${fresh.slice(0, 2)}…@example.test.`);
    expect(mail.text).not.toContain(fresh);
    // The rename before it mailed nobody: this notice is the first mail to either address since.
    expect(sink.mails.slice(before).flatMap((m) => m.to)).toEqual([p.email]);

    const again = sink.next(fresh);
    const { access_token } = await api.updateUser(p.id, {
      password: 'another long password',
      currentPassword: PASSWORD,
    });
    const notice = await again;
    expect(notice.subject).toBe('Your Broadside password was changed');
    expect(notice.text).toContain(`choose a new password now: ${PUBLIC_URL}/reset-password`);
    expect(access_token).toBeDefined();
  });

  it('is not sent for a refused change', async () => {
    const p = await newPlayer(server.url, 'unmoved');
    const before = sink.mails.length;
    await expect(
      new AccountsApi(p.api).updateUser(p.id, { password: 'another long password', currentPassword: 'wrong one' }),
    ).rejects.toMatchObject({ status: 403 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.mails.slice(before).flatMap((m) => m.to)).not.toContain(p.email);
  });
});
