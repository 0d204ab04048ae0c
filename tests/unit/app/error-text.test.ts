import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, serverMessageKey } from '../../../src/app/errors/server-messages';
import { SignUpBodySchema } from '../../../src/protocol/schemas';
import { errorCodeText, errorText } from '../../../src/app/errors/error-text';
import { ApiClient } from '../../../src/protocol/api-client';
import { LIMIT_REASONS } from '../../../src/protocol/limits';

function clientAnswering(status: number, body: unknown): ApiClient {
  return new ApiClient({
    fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  });
}

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

const signUp = { username: 'alice', email: 'a@example.com', password: 'secret123' };

describe('error texts (docs/game.md, Errors the player sees)', () => {
  it('sign-up 400: the messages joined with ", "', async () => {
    const error = await failureOf(
      clientAnswering(400, {
        statusCode: 400,
        message: ['email must be valid', 'password too short'],
        error: 'Bad Request',
      }).signUp(signUp),
    );
    expect(errorText(error)).toEqual({ raw: 'email must be valid, password too short' });
  });

  it('sign-up 409: the message', async () => {
    const error = await failureOf(
      clientAnswering(409, { statusCode: 409, message: 'username already taken', error: 'Conflict' }).signUp(signUp),
    );
    expect(errorText(error)).toEqual({ raw: 'username already taken' });
  });

  it("login failure: the server's message", async () => {
    const error = await failureOf(
      clientAnswering(401, { statusCode: 401, message: 'Invalid credentials', error: 'Unauthorized' }).login({
        email: 'a@example.com',
        password: 'x',
      }),
    );
    expect(errorText(error)).toEqual({ raw: 'Invalid credentials' });
  });

  it('room creation other than 201: the joined message array', async () => {
    const error = await failureOf(
      clientAnswering(400, { statusCode: 400, message: ['userId bad', 'username bad'] }).createRoom({
        userId: 'u',
        username: 'a',
        socketId: null,
      }),
    );
    expect(errorText(error)).toEqual({ raw: 'userId bad, username bad' });
  });

  it('an unreachable server is translated', async () => {
    const client = new ApiClient({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(errorText(await failureOf(client.login({ email: 'a', password: 'b' })))).toEqual({ key: 'errors.network' });
  });

  it('socket error codes are translated; unknown ones and other values are "unexpected"', () => {
    expect(errorText({ error: 'ROOM_NOT_FOUND' })).toEqual({ key: 'errors.codes.ROOM_NOT_FOUND' });
    expect(errorCodeText('SOMETHING_NEW')).toEqual({ key: 'errors.unexpected' });
    expect(errorText(new Error('boom'))).toEqual({ key: 'errors.unexpected' });
    expect(errorText('boom')).toEqual({ key: 'errors.unexpected' });
  });
});

describe("server messages in the player's language (issue #13)", () => {
  it('has an English and a French text for every known server message', () => {
    for (const lng of ['en', 'fr']) {
      const texts = JSON.parse(
        readFileSync(join(import.meta.dirname, `../../../locales/${lng}/translation.json`), 'utf8'),
      );
      for (const id of Object.values(SERVER_MESSAGES)) expect(texts.errors.server[id], `${lng} ${id}`).toBeTruthy();
    }
  });

  it('knows every message the sign-up rules can give', () => {
    const result = SignUpBodySchema.safeParse({ username: 'a', email: 'nope', password: 'short' });
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages.length).toBeGreaterThanOrEqual(3);
    for (const message of messages) expect(serverMessageKey(message), message).not.toBeNull();
  });

  it('translates the known rules one by one and keeps an unknown one as it came', async () => {
    const error = await failureOf(
      clientAnswering(400, {
        statusCode: 400,
        message: ['password must be at least 8 characters', 'something new'],
        error: 'Bad Request',
      }).signUp(signUp),
    );
    expect(errorText(error)).toEqual({
      parts: [{ key: 'errors.server.passwordShort' }, { raw: 'something new' }],
    });
  });

  it('translates the wrong-login message', async () => {
    const error = await failureOf(
      clientAnswering(401, { statusCode: 401, message: 'Invalid e-mail or password', error: 'Unauthorized' }).login({
        email: 'a@example.com',
        password: 'x',
      }),
    );
    expect(errorText(error)).toEqual({ parts: [{ key: 'errors.server.invalidLogin' }] });
  });
});

describe('limits (docs/protocol.md, Limits): told from the reason, in the player’s language', () => {
  it('an HTTP 429 with a known reason becomes its translated text, with the limit and the wait in minutes', async () => {
    const error = await failureOf(
      clientAnswering(429, {
        statusCode: 429,
        error: 'Too Many Requests',
        message: ['You already have 3 public games listed: start one, or try again in 60 minutes'],
        reason: 'PUBLIC_ROOMS',
        retryAfter: 3590,
        limit: 3,
      }).createRoom({ public: true }),
    );
    expect(errorText(error)).toEqual({
      key: 'errors.limits.PUBLIC_ROOMS',
      params: { limit: '3', minutes: '60', seconds: '3590' },
    });
  });

  it('a LIMIT_REACHED acknowledgement too; an unknown reason falls back to the server’s words or the code', async () => {
    expect(
      errorText({ error: 'LIMIT_REACHED', reason: 'SPECTATOR_SOCKETS', retryAfter: 20, limit: 10, message: 'x' }),
    ).toEqual({ key: 'errors.limits.SPECTATOR_SOCKETS', params: { limit: '10', minutes: '1', seconds: '20' } });
    expect(errorText({ error: 'LIMIT_REACHED', reason: 'SOMETHING_NEW' })).toEqual({
      key: 'errors.codes.LIMIT_REACHED',
    });
    const unknown = await failureOf(
      clientAnswering(429, { statusCode: 429, message: 'Slow down', reason: 'SOMETHING_NEW' }).createRoom({}),
    );
    expect(errorText(unknown)).toEqual({ raw: 'Slow down' });
  });

  it('every reason has an English and a French text naming the wait (in seconds where it is that short)', () => {
    // Waits of seconds: a chat line, an analysis or a hint under way.
    const inSeconds = new Set(['CHAT_LINES', 'ANALYSES', 'HINTS']);
    for (const lang of ['en', 'fr']) {
      const texts = JSON.parse(readFileSync(join('locales', lang, 'translation.json'), 'utf8')).errors.limits;
      for (const reason of LIMIT_REASONS)
        expect(texts[reason], `${lang} ${reason}`).toMatch(inSeconds.has(reason) ? '{{seconds}}' : '{{minutes}}');
    }
  });
});
