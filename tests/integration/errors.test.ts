import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, randomFleet } from '../../src/game';
import { type Ack, type ClientGameState, type ErrorCode, GameClient, isErrorAck } from '../../src/protocol';
import { placeBoth, playToTheEnd, startAndPlace, twoPlayersInRoom } from '../support/game';
import { connectClient, newPlayer, waitForState } from '../support/players';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

function expectError(reply: Ack<unknown>, code: ErrorCode): void {
  expect(isErrorAck(reply) ? reply.error : reply).toBe(code);
}

/** The parts of a player's state an error must not change. */
function snapshot(state: ClientGameState): unknown {
  const { connected: _c, ...rest } = state;
  return JSON.parse(JSON.stringify(rest));
}

/** Sends raw arguments on the socket, bypassing GameClient's typing, and returns the ack. */
function raw(client: GameClient, event: string, ...args: unknown[]): Promise<unknown> {
  const socket = client.socket as unknown as {
    timeout(ms: number): { emitWithAck(e: string, ...a: unknown[]): Promise<unknown> };
  };
  return socket.timeout(3000).emitWithAck(event, ...args);
}

describe('HTTP routes refuse bad input with a clear error', () => {
  async function post(path: string, body: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    return {
      status: response.status,
      body: (await response.json()) as { statusCode: number; message: unknown; error: string },
    };
  }

  it('sign-up lists one message per broken rule, then 409 on a taken name or e-mail', async () => {
    const bad = await post('/users/auth/sign-up', JSON.stringify({ username: 'x', email: 'nope', password: 'short' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual([
      'username must be at least 3 characters',
      'email must be a valid e-mail address',
      'password must be at least 8 characters',
    ]);
    expect((await post('/users/auth/sign-up', '{}')).body.message).toEqual([
      'username is required',
      'email is required',
      'password is required',
    ]);
    const body = { username: 'taken_name', email: 'taken@example.test', password: 'long enough pw' };
    expect((await post('/users/auth/sign-up', JSON.stringify(body))).status).toBe(201);
    const sameName = await post('/users/auth/sign-up', JSON.stringify({ ...body, email: 'other@example.test' }));
    expect(sameName).toMatchObject({ status: 409, body: { message: 'This username is already taken' } });
    const sameMail = await post(
      '/users/auth/sign-up',
      JSON.stringify({ ...body, username: 'other_name', email: 'TAKEN@example.test' }),
    );
    expect(sameMail).toMatchObject({ status: 409, body: { message: 'This e-mail is already registered' } });
  });

  it('refuses malformed bodies on every route without crashing', async () => {
    for (const path of ['/users/auth/sign-up', '/users/auth/login', '/room']) {
      for (const body of ['{not json', '[]', '"text"', 'null', JSON.stringify({ email: 42, password: ['x'] })]) {
        const res = await post(path, body, path === '/room' ? { authorization: 'Bearer nope' } : {});
        // Unparseable JSON is refused (400) before any route runs; /room then checks the token
        // before the body; the other routes refuse the body itself.
        const expected = body === '{not json' || path !== '/room' ? 400 : 401;
        expect(res.status, `${path} ${body}`).toBe(expected);
        expect(res.body).toHaveProperty('statusCode', res.status);
      }
    }
    const huge = await post('/users/auth/login', JSON.stringify({ email: 'a'.repeat(20_000), password: 'x' }));
    expect(huge.status).toBe(413);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  it('login: 401 with a message on bad credentials, 400 on missing fields', async () => {
    const player = await newPlayer(server.url);
    const wrong = await post('/users/auth/login', JSON.stringify({ email: player.email, password: 'wrong password' }));
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid e-mail or password' } });
    const unknown = await post(
      '/users/auth/login',
      JSON.stringify({ email: 'ghost@example.test', password: 'whatever1' }),
    );
    expect(unknown.status).toBe(401);
    expect((await post('/users/auth/login', JSON.stringify({ email: player.email }))).status).toBe(400);
  });

  it('room creation needs a valid token and takes identity from it, not from the body', async () => {
    expect((await post('/room', JSON.stringify({ userId: 'x', username: 'x', socketId: null }))).status).toBe(401);
    const forged = await post('/room', '{}', { authorization: `Bearer e30.e30.${'x'.repeat(43)}` });
    expect(forged.status).toBe(401);
    const player = await newPlayer(server.url);
    const created = await post(
      '/room',
      JSON.stringify({ userId: 'someone-else', username: 'mallory', socketId: null }),
      {
        authorization: `Bearer ${player.token}`,
      },
    );
    expect(created.status).toBe(201);
    const row = await server.store.db
      .selectFrom('rooms')
      .selectAll()
      .where('slug', '=', String((created.body as unknown as { slug: string }).slug))
      .executeTakeFirst();
    expect(row?.created_by).toBe(player.id);
  });
});

describe('socket errors come back as error acks and change nothing', () => {
  it('refuses a bad token at connection', async () => {
    for (const token of ['', 'garbage', `${(await newPlayer(server.url)).token}x`]) {
      const client = new GameClient({
        url: server.url,
        token,
        slug: 'x',
        socket: { transports: ['websocket'], reconnection: false },
      });
      await expect(client.connect()).rejects.toThrow('UNAUTHORIZED');
      client.close();
    }
    const signedElsewhere = await startTestServer({ jwtSecret: 'another secret entirely' });
    const foreigner = await newPlayer(signedElsewhere.url);
    await signedElsewhere.dispose();
    const client = new GameClient({
      url: server.url,
      token: foreigner.token,
      slug: 'x',
      socket: { transports: ['websocket'], reconnection: false },
    });
    await expect(client.connect()).rejects.toThrow('UNAUTHORIZED');
    client.close();
  });

  it('unknown room, third member, start alone, actions before joining', async () => {
    const owner = await newPlayer(server.url);
    const { slug } = await owner.api.createRoom({ userId: owner.id, username: owner.username, socketId: null });
    const a = await connectClient(server.url, owner.token, slug);
    expectError(await a.joinRoom('no-such-room-99'), 'ROOM_NOT_FOUND');
    expectError(await a.startGame(slug), 'NOT_JOINED');
    expectError(await a.placeShips(randomFleet(createRng(3))), 'NOT_JOINED');
    expectError(await a.shoot({ x: 0, y: 0 }), 'NOT_JOINED');
    expect(await a.joinRoom(slug)).toBe('UNSTARTED');
    expectError(await a.startGame(slug), 'NEED_TWO_PLAYERS');
    expectError(await a.startGame('some-other-room'), 'NOT_JOINED');
    expectError(await a.placeShips(randomFleet(createRng(3))), 'WRONG_STATUS');
    expectError(await a.replay(slug), 'WRONG_STATUS');

    const b = await connectClient(server.url, (await newPlayer(server.url)).token, slug);
    expect(await b.joinRoom(slug)).toBe('UNSTARTED');
    const before = snapshot(await waitForState(a, (s) => s.members.length === 2));
    const c = await connectClient(server.url, (await newPlayer(server.url)).token, slug);
    expectError(await c.joinRoom(slug), 'ROOM_FULL');
    await new Promise((r) => setTimeout(r, 50));
    expect(snapshot(a.state)).toEqual(before);
    for (const client of [a, b, c]) client.close();
  });

  it('invalid fleets, out-of-turn shots, repeated cells and shots after the end', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    expect(await a.client.startGame(slug)).toBeNull();
    expectError(await a.client.startGame(slug), 'WRONG_STATUS');
    await waitForState(a.client, (s) => s.gameStatus === 'PLACE_SHIPS');

    const good = randomFleet(createRng(9));
    const broken: { fleet: unknown; code: ErrorCode }[] = [
      { fleet: { ...good, '0': good['0'].slice(0, 4) }, code: 'INVALID_FLEET' },
      { fleet: { ...good, '1': good['0'].slice(0, 4) }, code: 'INVALID_FLEET' },
      {
        fleet: {
          ...good,
          '4': [
            { x: 0, y: 0 },
            { x: 2, y: 0 },
          ],
        },
        code: 'INVALID_FLEET',
      },
      {
        fleet: {
          ...good,
          '4': [
            { x: 9, y: 9 },
            { x: 10, y: 9 },
          ],
        },
        code: 'BAD_PAYLOAD',
      },
      { fleet: { '0': good['0'] }, code: 'BAD_PAYLOAD' },
      // Ships 5..9 exist in a russian fleet, so the schema takes them; a classic room refuses the extra ship.
      { fleet: { ...good, '5': good['4'] }, code: 'INVALID_FLEET' },
      { fleet: { ...good, '10': good['4'] }, code: 'BAD_PAYLOAD' },
    ];
    for (const { fleet, code } of broken) expectError((await raw(a.client, 'placeShips', fleet)) as Ack<null>, code);
    await new Promise((r) => setTimeout(r, 30));
    expect(a.client.state.shipsIndexes).toBeNull();

    const { first, second } = await placeBoth(a, b);
    expectError(await first.client.placeShips(first.fleet), 'WRONG_STATUS');
    const before = snapshot(second.client.state);
    expectError(await second.client.shoot({ x: 0, y: 0 }), 'NOT_YOUR_TURN');
    for (const bad of [
      { x: 10, y: 0 },
      { x: -1, y: 2 },
      { x: 1.5, y: 2 },
      { x: '1', y: 2 },
      { x: 1 },
      null,
      'A1',
      [1, 2],
    ]) {
      expectError((await raw(first.client, 'shoot', bad)) as Ack<never>, 'BAD_PAYLOAD');
    }
    await new Promise((r) => setTimeout(r, 30));
    expect(snapshot(second.client.state)).toEqual(before);

    // Two shots fired together by the same player: only the first counts.
    const [one, two] = await Promise.all([first.client.shoot({ x: 0, y: 0 }), first.client.shoot({ x: 1, y: 0 })]);
    expect(isErrorAck(one)).toBe(false);
    expectError(two, 'NOT_YOUR_TURN');
    expect(isErrorAck(await second.client.shoot({ x: 5, y: 5 }))).toBe(false);
    expectError(await first.client.shoot({ x: 0, y: 0 }), 'ALREADY_SHOT');
    // The refused shot did not spend the turn.
    expect(isErrorAck(await first.client.shoot({ x: 1, y: 0 }))).toBe(false);

    // Finish on fresh seats' scanners: both already shot a cell, so play the rest by scanning.
    const next = await waitForState(second.client, (s) =>
      s.members.some((m) => m.userId === second.player.id && m.hasToPlay),
    );
    expect(next.gameStatus).toBe('PLAY');
    a.client.close();
    b.client.close();
  });

  it('refuses events after the end and garbage of every shape on every event', async () => {
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    for (const event of ['joinRoom', 'startGame', 'placeShips', 'shoot', 'replay']) {
      for (const garbage of [undefined, null, 42, {}, [], { x: { y: 1 } }, 'x'.repeat(100)]) {
        const reply = (await raw(a.client, event, garbage)) as Ack<unknown>;
        expect(isErrorAck(reply) ? reply.error : reply, `${event}(${JSON.stringify(garbage)})`).toBe('BAD_PAYLOAD');
      }
    }
    // Events without an acknowledgement and unknown events are ignored, and the server keeps serving.
    a.client.socket.emit('shoot' as 'shoot', { x: 0, y: 0 } as never, undefined as never);
    (a.client.socket as unknown as { emit(e: string, ...x: unknown[]): void }).emit('selfDestruct', 1, 2, 3);
    const { first, second } = await startAndPlace(slug, a, b);
    await playToTheEnd(first, second);
    await waitForState(a.client, (s) => s.gameStatus === 'ENDED');
    expectError(await first.client.shoot({ x: 9, y: 9 }), 'WRONG_STATUS');
    expectError(await second.client.placeShips(second.fleet), 'WRONG_STATUS');
    expectError(await a.client.startGame(slug), 'WRONG_STATUS');
    a.client.close();
    b.client.close();
  });
});
