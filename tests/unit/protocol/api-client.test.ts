import { describe, expect, it } from 'vitest';
import { ApiClient, ApiError } from '../../../src/protocol';

interface Seen {
  readonly url: string;
  readonly method: string | undefined;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

/** A fetch that records each request and answers with the next canned response. */
function fakeFetch(...answers: { status: number; body?: unknown; text?: string }[]) {
  const seen: Seen[] = [];
  const impl: typeof fetch = async (input, init) => {
    seen.push({
      url: String(input),
      method: init?.method,
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers.shift();
    if (!answer) throw new Error('no more canned answers');
    const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    return new Response(text, { status: answer.status });
  };
  return { impl, seen };
}

async function rejection(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

const credentials = { email: 'alice@example.com', password: 'correct horse' };

describe('ApiClient', () => {
  it('posts JSON to the base URL, without a trailing slash doubling up', async () => {
    const { impl, seen } = fakeFetch({ status: 201, body: { email: 'alice@example.com' } });
    const api = new ApiClient({ baseUrl: 'http://localhost:3000//', fetch: impl });
    await expect(api.signUp({ username: 'alice', ...credentials })).resolves.toEqual({ email: 'alice@example.com' });
    expect(seen).toEqual([
      {
        url: 'http://localhost:3000/users/auth/sign-up',
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: { username: 'alice', ...credentials },
      },
    ]);
  });

  it('sends the turn clock with a new room and reads the games in progress', async () => {
    const game = { slug: 'brave-otter-42', status: 'PLAY', opponent: { userId: 'u2', username: 'bob' }, updatedAt: 5 };
    const { impl, seen } = fakeFetch(
      { status: 201, body: { slug: 'brave-otter-42' } },
      { status: 200, body: { games: [game] } },
      { status: 401, body: { statusCode: 401, message: 'Unknown user', error: 'Unauthorized' } },
      { status: 200, body: { games: [{ ...game, status: 'LOST' }] } },
    );
    const api = new ApiClient({ fetch: impl, token: 'tok' });
    await api.createRoom({ turnSeconds: 30 });
    expect(seen[0]).toMatchObject({ url: '/room', method: 'POST', body: { turnSeconds: 30 } });
    await expect(api.myGames()).resolves.toEqual({ games: [game] });
    expect(seen[1]).toMatchObject({ url: '/users/me/games', method: 'GET', headers: { authorization: 'Bearer tok' } });
    await expect(rejection(api.myGames())).resolves.toMatchObject({ status: 401, message: 'Unknown user' });
    await expect(rejection(api.myGames())).resolves.toMatchObject({ message: 'Unexpected answer from the server' });
  });

  it('keeps the token from login and sends it as a bearer on later calls', async () => {
    const { impl, seen } = fakeFetch(
      { status: 201, body: { access_token: 'tok.en.value' } },
      { status: 201, body: { slug: 'brave-otter-42' } },
      { status: 200, body: { id: 'u1', username: 'alice', email: 'a@b.co', gamesPlayed: 2, gamesWon: 1 } },
    );
    const api = new ApiClient({ fetch: impl });
    await api.login(credentials);
    expect(api.token).toBe('tok.en.value');
    expect(seen[0]?.headers.authorization).toBeUndefined();
    await expect(api.createRoom({ userId: 'u1', username: 'alice', socketId: null })).resolves.toEqual({
      slug: 'brave-otter-42',
    });
    expect(seen[1]).toMatchObject({ url: '/room', method: 'POST', headers: { authorization: 'Bearer tok.en.value' } });
    await expect(api.me()).resolves.toMatchObject({ username: 'alice', gamesWon: 1 });
    expect(seen[2]).toMatchObject({
      url: '/users/me',
      method: 'GET',
      headers: { authorization: 'Bearer tok.en.value' },
    });
    expect(seen[2]?.headers['content-type']).toBeUndefined();
  });

  it('sign-up 400: one error whose text joins the messages with ", " and keeps each one', async () => {
    const { impl } = fakeFetch({
      status: 400,
      body: { statusCode: 400, message: ['username is required', 'password is required'], error: 'Bad Request' },
    });
    const error = await rejection(new ApiClient({ fetch: impl }).signUp({ username: '', ...credentials }));
    expect(error.message).toBe('username is required, password is required');
    expect(error.status).toBe(400);
    expect(error.messages).toEqual(['username is required', 'password is required']);
  });

  it('sign-up 409: the message as is', async () => {
    const { impl } = fakeFetch({
      status: 409,
      body: { statusCode: 409, message: 'This username is already taken', error: 'Conflict' },
    });
    const error = await rejection(new ApiClient({ fetch: impl }).signUp({ username: 'alice', ...credentials }));
    expect(error).toMatchObject({ message: 'This username is already taken', status: 409 });
  });

  it('login 401: the server message, and no token kept', async () => {
    const { impl } = fakeFetch({
      status: 401,
      body: { statusCode: 401, message: 'Invalid e-mail or password', error: 'Unauthorized' },
    });
    const api = new ApiClient({ fetch: impl, token: null });
    const error = await rejection(api.login(credentials));
    expect(error).toMatchObject({ message: 'Invalid e-mail or password', status: 401 });
    expect(api.token).toBeNull();
  });

  it('room creation other than 201: the joined message array', async () => {
    const { impl } = fakeFetch({
      status: 401,
      body: { statusCode: 401, message: ['A valid access token is required'], error: 'Unauthorized' },
    });
    const error = await rejection(new ApiClient({ fetch: impl }).createRoom({}));
    expect(error).toMatchObject({ message: 'A valid access token is required', status: 401 });
  });

  it('a failure without the error shape falls back to a status message', async () => {
    const { impl } = fakeFetch({ status: 502, text: '<html>Bad gateway</html>' });
    const error = await rejection(new ApiClient({ fetch: impl }).login(credentials));
    expect(error).toMatchObject({ message: 'Login failed (502)', status: 502 });
  });

  it('a success with a body of the wrong shape is an error, not a bad value', async () => {
    const { impl } = fakeFetch({ status: 201, body: { token: 'wrong field' } });
    const error = await rejection(new ApiClient({ fetch: impl }).login(credentials));
    expect(error).toMatchObject({ message: 'Unexpected answer from the server', status: 201 });
  });

  it('an unreachable server is status 0 with the reason', async () => {
    const api = new ApiClient({
      baseUrl: 'http://nowhere.test',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const error = await rejection(api.me());
    expect(error.status).toBe(0);
    expect(error.message).toContain('http://nowhere.test');
    expect(error.message).toContain('fetch failed');
  });
});
