import { describe, expect, it } from 'vitest';
import { isErrorAck } from '../../src/protocol';
import { befriend, friendsOf, pageOf } from '../support/people';
import { connectClient, newPlayer } from '../support/players';
import { redisServerPath } from '../support/redis';
import { twoNodesForSuite } from '../support/two-nodes';

/**
 * Two nodes of one deployment (one database, one Redis): a player whose page reached node a and a
 * friend whose page reached node b see each other, challenge each other and talk, as on one node.
 */
describe.skipIf(!redisServerPath())('friends, challenges and messages across two nodes (Redis)', () => {
  const nodes = twoNodesForSuite();

  it('a challenge from a player on one node to a player on the other: received, accepted, both seated', async () => {
    const { a, b } = nodes;
    const [ann, bob] = await Promise.all([newPlayer(a.url, 'ann'), newPlayer(b.url, 'bob')]);
    await befriend(ann, bob);
    const [annPage, bobPage] = await Promise.all([pageOf(a.url, ann), pageOf(b.url, bob)]);
    // Presence is read from the sockets of both nodes.
    await annPage.next('presence', (p) => p.userId === bob.id && p.status === 'online');
    expect((await friendsOf(ann).presence())[0]).toMatchObject({ userId: bob.id, status: 'online' });

    const sent = await annPage.people.challenge({ userId: bob.id, turnSeconds: 60 });
    if (isErrorAck(sent)) throw new Error(sent.error);
    expect((await bobPage.next('challenge', (c) => c.id === sent.id)).from.userId).toBe(ann.id);
    const accepted = await bobPage.people.acceptChallenge(sent.id);
    if (isErrorAck(accepted)) throw new Error(accepted.error);
    const told = await annPage.next('challenge', (c) => c.id === sent.id && c.status === 'accepted');
    expect(told.slug).toBe(accepted.slug);

    // Each joins the room through their own node: both seated, the room's lobby.
    const annGame = await connectClient(a.url, ann.token, accepted.slug);
    const bobGame = await connectClient(b.url, bob.token, accepted.slug);
    expect(await annGame.joinRoom(accepted.slug)).toBe('UNSTARTED');
    expect(await bobGame.joinRoom(accepted.slug)).toBe('UNSTARTED');
    expect(bobGame.state.members).toHaveLength(2);
    expect(bobGame.state.match.turnSeconds).toBe(60);

    // Playing is seen from the other node.
    await annGame.startGame(accepted.slug);
    expect(await bobPage.next('presence', (p) => p.userId === ann.id && p.status === 'playing')).toMatchObject({
      slug: accepted.slug,
    });
    annGame.close();
    bobGame.close();
    annPage.close();
    bobPage.close();
  });

  it('a message sent through one node reaches the friend’s page on the other, with the unread count', async () => {
    const { a, b } = nodes;
    const [ann, bob] = await Promise.all([newPlayer(a.url, 'ann'), newPlayer(b.url, 'bob')]);
    const bobPage = await pageOf(b.url, bob);
    const asked = await friendsOf(ann).add({ userId: bob.id });
    expect((await bobPage.next('friendRequest')).sender.id).toBe(ann.id);
    if (!('id' in asked) || typeof asked.id !== 'string') throw new Error('expected a request');
    await friendsOf(bob).accept(asked.id);
    const message = await friendsOf(ann).send(bob.id, 'across the cluster');
    expect(await bobPage.next('directMessage')).toEqual(message);
    expect(await bobPage.next('unread', (u) => u.total === 1)).toEqual({ total: 1, byUser: { [ann.id]: 1 } });
    bobPage.close();
  });
});
