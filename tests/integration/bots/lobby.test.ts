import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorAck, LobbyClient, type MatchFound, type OpenGame } from '../../../src/protocol';
import { lobbyOf as lobbyAt, roomOf } from '../../support/lobby';
import { connectClient, newPlayer, type TestPlayer } from '../../support/players';
import { startTestServer, type TestServer } from '../../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { quickMatchOfferSeconds: 12 } });
});
afterAll(async () => {
  await server.dispose();
});

const lobbyOf = (player: TestPlayer): Promise<LobbyClient> => lobbyAt(server.url, player);

function nextMatch(client: LobbyClient, timeoutMs = 10_000): Promise<MatchFound> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no match within the time limit')), timeoutMs);
    const stop = client.onMatch((found) => {
      clearTimeout(timer);
      stop();
      resolve(found);
    });
  });
}

function listed(client: LobbyClient, ready: (games: readonly OpenGame[]) => boolean, timeoutMs = 10_000) {
  if (ready(client.openGames)) return Promise.resolve(client.openGames);
  return new Promise<readonly OpenGame[]>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`list not reached: ${JSON.stringify(client.openGames)}`)),
      timeoutMs,
    );
    const stop = client.onOpenGames((games) => {
      if (!ready(games)) return;
      clearTimeout(timer);
      stop();
      resolve(games);
    });
  });
}

const waitingIds = async () => (await server.matchQueue.waiting()).map((e) => e.userId);

describe('quick match', () => {
  it('pairs two players who arrive together exactly once, into one room where both place ships', async () => {
    const [alice, bob] = await Promise.all([newPlayer(server.url, 'alice'), newPlayer(server.url, 'bob')]);
    const [la, lb] = await Promise.all([lobbyOf(alice), lobbyOf(bob)]);
    const seen: MatchFound[] = [];
    la.onMatch((m) => seen.push(m));
    lb.onMatch((m) => seen.push(m));
    const matches = Promise.all([nextMatch(la), nextMatch(lb)]);
    const [sa, sb] = await Promise.all([la.findOpponent(), lb.findOpponent()]);
    expect(isErrorAck(sa) || isErrorAck(sb)).toBe(false);
    if (!isErrorAck(sa)) expect(sa.offerComputerAfterMs).toBe(12_000);
    const [ma, mb] = await matches;
    expect(ma.slug).toBe(mb.slug);
    expect(ma.opponent.userId).toBe(bob.id);
    expect(mb.opponent.userId).toBe(alice.id);
    expect(await waitingIds()).toEqual([]);

    // Both land in the same room, already placing ships.
    const [ca, cb] = await Promise.all([
      connectClient(server.url, alice.token, ma.slug),
      connectClient(server.url, bob.token, ma.slug),
    ]);
    expect(await ca.joinRoom(ma.slug)).toBe('PLACE_SHIPS');
    expect(await cb.joinRoom(ma.slug)).toBe('PLACE_SHIPS');
    // Exactly one pairing: one room per player, one notice each.
    for (const player of [alice, bob]) {
      const rooms = await server.store.db
        .selectFrom('members')
        .select('room_slug')
        .where('user_id', '=', player.id)
        .execute();
      expect(rooms.map((r) => r.room_slug)).toEqual([ma.slug]);
    }
    expect(seen).toHaveLength(2);
    for (const c of [ca, cb, la, lb]) c.close();
  });

  it('never pairs a player with themselves, even from two pages', async () => {
    const carol = await newPlayer(server.url, 'carol');
    const [one, two] = await Promise.all([lobbyOf(carol), lobbyOf(carol)]);
    const [first, second] = await Promise.all([one.findOpponent(), two.findOpponent()]);
    expect(await waitingIds()).toEqual([carol.id]);
    // The second page joins the same wait: same start time.
    if (!isErrorAck(first) && !isErrorAck(second)) expect(second.since).toBe(first.since);
    expect(await one.cancelSearch()).toBeNull();
    expect(await waitingIds()).toEqual([]);
    one.close();
    two.close();
  });

  it('a cancelled wait leaves the queue: the next player waits instead of being paired with it', async () => {
    const [dave, erin] = await Promise.all([newPlayer(server.url, 'dave'), newPlayer(server.url, 'erin')]);
    const [ld, le] = await Promise.all([lobbyOf(dave), lobbyOf(erin)]);
    await ld.findOpponent();
    expect(await waitingIds()).toEqual([dave.id]);
    expect(await ld.cancelSearch()).toBeNull();
    expect(await waitingIds()).toEqual([]);
    await le.findOpponent();
    expect(await waitingIds()).toEqual([erin.id]);
    // Closing the page leaves the queue as well.
    le.close();
    await expect.poll(waitingIds, { timeout: 5000 }).toEqual([]);
    ld.close();
  });

  it('a room client opened after another user’s lobby client in the same process is its own user', async () => {
    // socket.io-client would share one connection per server between namespaces, with the first
    // client's token in its handshake: each client must have its own.
    const [gina, hugo] = await Promise.all([newPlayer(server.url, 'gina'), newPlayer(server.url, 'hugo')]);
    const lh = await lobbyOf(hugo);
    const slug = await roomOf(gina);
    const cg = await connectClient(server.url, gina.token, slug);
    expect(await cg.joinRoom(slug)).toBe('UNSTARTED');
    expect(cg.state.members.map((m) => m.userId)).toEqual([gina.id]);
    cg.close();
    lh.close();
  });

  it('answers a bad payload with BAD_PAYLOAD and refuses a bad token', async () => {
    const frank = await newPlayer(server.url, 'frank');
    const lf = await lobbyOf(frank);
    const reply = await lf.socket.timeout(5000).emitWithAck('findOpponent', { level: 'x' } as never);
    expect(reply).toMatchObject({ error: 'BAD_PAYLOAD' });
    expect(await waitingIds()).toEqual([]);
    lf.close();
    const stranger = new LobbyClient({ url: server.url, token: 'not-a-token', socket: { reconnection: false } });
    await expect(stranger.connect()).rejects.toThrow(/UNAUTHORIZED/);
  });
});

describe('open games', () => {
  it('lists a public room while its host waits, live, and drops it once a second player joins', async () => {
    const [host, guest, watcher] = await Promise.all([
      newPlayer(server.url, 'host'),
      newPlayer(server.url, 'guest'),
      newPlayer(server.url, 'watch'),
    ]);
    const lw = await lobbyOf(watcher);
    const privateSlug = await roomOf(host);
    const slug = await roomOf(host, { public: true });
    const privateHost = await connectClient(server.url, host.token, privateSlug);
    await privateHost.joinRoom(privateSlug);
    const ch = await connectClient(server.url, host.token, slug);
    await ch.joinRoom(slug);
    const games = await listed(lw, (g) => g.some((x) => x.slug === slug));
    expect(games.find((g) => g.slug === slug)?.host).toEqual({ userId: host.id, username: host.username });
    expect(games.some((g) => g.slug === privateSlug)).toBe(false);

    // A page opened later gets the list at once.
    const late = await lobbyOf(guest);
    await listed(late, (g) => g.some((x) => x.slug === slug));

    const cg = await connectClient(server.url, guest.token, slug);
    expect(await cg.joinRoom(slug)).toBe('UNSTARTED');
    await listed(lw, (g) => !g.some((x) => x.slug === slug));

    // The guest leaves the lobby page... the room stays full, so it is not listed again; a host who
    // closes the page takes their open room away too.
    const other = await roomOf(host, { public: true });
    const ch2 = await connectClient(server.url, host.token, other);
    await ch2.joinRoom(other);
    await listed(lw, (g) => g.some((x) => x.slug === other));
    ch2.close();
    await listed(lw, (g) => !g.some((x) => x.slug === other));
    for (const c of [privateHost, ch, cg, lw, late]) c.close();
  });

  it('refuses a non-boolean public flag', async () => {
    const p = await newPlayer(server.url, 'p');
    const reply = await fetch(`${server.url}/room`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
      body: JSON.stringify({ public: 'yes' }),
    });
    expect(reply.status).toBe(400);
  });
});
