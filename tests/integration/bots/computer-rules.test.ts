import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSIC_RULES, createRng, makeRules, randomFleet } from '../../../src/game';
import { ApiError } from '../../../src/protocol';
import { connectClient, newPlayer, waitForState } from '../../support/players';
import { startTestServer, type TestServer } from '../../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { maxBotGames: 4 } });
});
afterAll(async () => {
  await server.dispose();
});

async function storedRules(slug: string): Promise<string> {
  const row = await server.store.db
    .selectFrom('rooms')
    .select('rules')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return row.rules;
}

describe('a game against the computer under chosen rules (Home: "Play the computer")', () => {
  it('is created under the rules asked, and the computer places a fleet those rules accept', async () => {
    const human = await newPlayer(server.url, 'russ');
    const rules = makeRules({ fleet: 'russian', again: 'hit' });
    const { slug } = await human.api.computerGame({ level: 'easy', rules });
    expect(await storedRules(slug)).toBe('fleet=russian,touch=no,shots=one,again=hit');
    const client = await connectClient(server.url, human.token, slug);
    expect(await client.joinRoom(slug)).toBe('PLACE_SHIPS');
    // A classic fleet is not this room's; a russian one is, and the computer's own fleet was accepted.
    expect(await client.placeShips(randomFleet(createRng(1), CLASSIC_RULES))).toMatchObject({ error: 'INVALID_FLEET' });
    expect(await client.placeShips(randomFleet(createRng(2), rules))).toBeNull();
    await waitForState(client, (s) => s.gameStatus === 'PLAY');
    expect(client.state.match.rules).toEqual(rules);
    // Someone watching sees the rules too (the watch page shows them).
    const watcher = await newPlayer(server.url, 'watch');
    const watching = await connectClient(server.url, watcher.token, slug);
    const frame = await watching.watchRoom(slug);
    expect(frame).toMatchObject({ slug, rules });
    watching.close();
    client.close();
  });

  it('stays classic without rules, and refuses rules it does not know with a 400', async () => {
    const human = await newPlayer(server.url, 'plain');
    const { slug } = await human.api.computerGame({ level: 'easy' });
    expect(await storedRules(slug)).toBe('fleet=classic,touch=yes,shots=one,again=never');
    const refused = await human.api
      .computerGame({ level: 'easy', rules: { fleet: 'armada' } as never })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
  });
});
