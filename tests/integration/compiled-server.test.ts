import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placerNamed, playGame, shooterNamed } from '../../src/bots';
import { createRng } from '../../src/game';
import { MetricsSchema, METRICS_JSON } from '../../src/protocol';
import { connectClient, newPlayer } from '../support/players';
import { type ChildServer, startChildServer } from '../support/child-server';

let server: ChildServer;
beforeAll(async () => {
  server = await startChildServer();
}, 60_000);
afterAll(async () => {
  await server.kill('SIGTERM');
  server.dispose();
});

describe('the compiled server (npm start)', () => {
  it('starts from dist-server/main.js with plain node and answers /health and /metrics', async () => {
    expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ status: 'ok' });
    const metrics = MetricsSchema.parse(await (await fetch(`${server.url}/metrics`, { headers: METRICS_JSON })).json());
    expect(metrics.sockets).toBe(0);
    expect(metrics.eventLoopDelayMs.sinceStart.max).toBeGreaterThanOrEqual(0);
  });

  it('plays a Hard computer game, whose shots are chosen in the bundled worker module', async () => {
    const human = await newPlayer(server.url, 'human');
    const { slug } = await human.api.computerGame({ level: 'hard' });
    const client = await connectClient(server.url, human.token, slug);
    expect(await client.joinRoom(slug)).toBe('PLACE_SHIPS');
    const rng = createRng(3);
    const outcome = await playGame(
      client,
      { userId: human.id, shooter: shooterNamed('hunt'), placer: placerNamed('random'), rng },
      { start: false, stepTimeoutMs: 30_000 },
    );
    expect(outcome.shots + outcome.opponentShots).toBeGreaterThan(30);
    client.close();
  }, 90_000);

  it('stops cleanly on SIGTERM', async () => {
    await server.kill('SIGTERM');
    expect(server.child.exitCode).toBe(0);
  });
});
