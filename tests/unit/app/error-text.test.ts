import { describe, expect, it } from 'vitest';
import { errorCodeText, errorText } from '../../../src/app/errors/error-text';
import { ApiClient } from '../../../src/protocol/api-client';

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

describe('SPEC §8 error texts', () => {
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
