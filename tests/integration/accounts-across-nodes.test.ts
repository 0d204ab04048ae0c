import { describe, expect, it } from 'vitest';
import { AccountsApi, ApiClient } from '../../src/protocol';
import { lobbyOf, roomOf } from '../support/lobby';
import { connectClient, newPlayer } from '../support/players';
import { redisServerPath } from '../support/redis';
import { twoNodesForSuite } from '../support/two-nodes';

/**
 * Two nodes of one deployment (one database, one Redis): an account deleted, or given a new
 * password, through one node is out on the other at once — its tokens refused there and the sockets
 * it holds there closed (docs/protocol.md, "Deleting an account").
 */
describe.skipIf(!redisServerPath())('your account across two nodes (Redis)', () => {
  const nodes = twoNodesForSuite();

  /** Resolves with the reason of the socket's next disconnection. */
  const closed = (socket: { once(event: 'disconnect', listener: (reason: string) => void): unknown }) =>
    new Promise<string>((resolve) => socket.once('disconnect', resolve));

  it('a deletion through node A refuses the account’s tokens on node B and closes its sockets there', async () => {
    const { a, b } = nodes;
    const player = await newPlayer(a.url, 'leaver');
    const onB = { ...player, api: new ApiClient({ baseUrl: b.url, token: player.token }) };
    const slug = await roomOf(onB);
    const [lobby, room] = await Promise.all([lobbyOf(b.url, onB), connectClient(b.url, player.token, slug)]);
    expect(await room.joinRoom(slug)).toBe('UNSTARTED');
    const lobbyClosed = closed(lobby.socket);
    const roomClosed = closed(room.socket);

    await new AccountsApi(player.api).deleteUser(player.id, { password: 'correct horse battery' });

    expect(await lobbyClosed).toBe('io server disconnect');
    expect(await roomClosed).toBe('io server disconnect');
    await expect(onB.api.me()).rejects.toMatchObject({ status: 401 });
    await expect(connectClient(b.url, player.token, slug)).rejects.toThrow();
  });

  it('a new password through node B ends the sessions held on node A, and the new token works on both', async () => {
    const { a, b } = nodes;
    const player = await newPlayer(a.url, 'mover');
    const lobby = await lobbyOf(a.url, player);
    const lobbyClosed = closed(lobby.socket);
    const answer = await new AccountsApi(new ApiClient({ baseUrl: b.url, token: player.token })).updateUser(player.id, {
      password: 'a password for both',
      currentPassword: 'correct horse battery',
    });
    expect(await lobbyClosed).toBe('io server disconnect');
    await expect(player.api.me()).rejects.toMatchObject({ status: 401 });
    for (const node of [a, b]) {
      await expect(new ApiClient({ baseUrl: node.url, token: answer.access_token ?? '' }).me()).resolves.toMatchObject({
        id: player.id,
      });
    }
  });
});
