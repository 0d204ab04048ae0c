import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetricsSchema } from '../../src/protocol';
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
    const metrics = MetricsSchema.parse(await (await fetch(`${server.url}/metrics`)).json());
    expect(metrics.sockets).toBe(0);
    expect(metrics.eventLoopDelayMs.sinceStart.max).toBeGreaterThanOrEqual(0);
  });

  it('stops cleanly on SIGTERM', async () => {
    await server.kill('SIGTERM');
    expect(server.child.exitCode).toBe(0);
  });
});
