import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_JSON, MetricsSchema } from '../../src/protocol';
import { playToTheEnd, startAndPlace, twoPlayersInRoom } from '../support/game';
import { lobbyOf } from '../support/lobby';
import { eventually } from '../support/match';
import { newPlayer } from '../support/players';
import { type Family, parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { startTestServer, type TestServer } from '../support/server';

const CLASSIC = 'fleet=classic,touch=yes,shots=one,again=never';
const NODE = 'metrics-node';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { nodeName: NODE, maxWaitingRooms: 1 } });
});
afterAll(async () => {
  await server.dispose();
});

async function scrape(url: string = server.url, headers: Record<string, string> = {}): Promise<Map<string, Family>> {
  const response = await fetch(`${url}/metrics`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parsePrometheusText(await response.text());
}

describe('GET /metrics in Prometheus’s text format', () => {
  it('counts a whole game: rounds, shots by result, shot and commit times, every series labelled with the node', async () => {
    const before = await scrape();
    const { slug, a, b } = await twoPlayersInRoom(server.url);
    const { first, second } = await startAndPlace(slug, a, b);
    const { shots } = await playToTheEnd(first, second);
    const during = await scrape();
    expect(sampleValue(during, 'broadside_sockets', { namespace: '/room', dialect: 'broadside/2' })).toBe(2);
    expect(sampleValue(during, 'broadside_rooms', { status: 'ENDED' })).toBe(1);
    a.client.close();
    b.client.close();

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(delta('broadside_games_started_total', { rules: CLASSIC })).toBe(1);
    expect(delta('broadside_games_ended_total', { reason: 'SUNK', rules: CLASSIC })).toBe(1);
    for (const result of ['M', 'H', 'D'] as const)
      expect(delta('broadside_shots_total', { result })).toBe(shots.filter((s) => s.result === result).length);
    expect(delta('broadside_shot_seconds_count')).toBe(shots.length);
    expect(delta('broadside_moves_committed_total')).toBe(shots.length);
    expect(delta('broadside_db_commit_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(delta('broadside_db_commit_seconds_count')).toBeLessThanOrEqual(shots.length);

    // Every series of the node, prom-client's process metrics included, names the node.
    for (const family of after.values())
      for (const sample of family.samples) expect(sample.labels.node, `${sample.name}`).toBe(NODE);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'broadside_ready',
      'broadside_relay_seconds',
      'broadside_quick_match_waiting',
    ])
      expect(after.has(name), name).toBe(true);
    expect(after.get('broadside_shot_seconds')?.type).toBe('histogram');
    expect(after.get('broadside_shots_total')?.type).toBe('counter');
    expect(sampleValue(after, 'broadside_ready')).toBe(1);
  });

  it('counts refusals for a cap by reason, quick-match waits and computer seats', async () => {
    const before = await scrape();
    const host = await newPlayer(server.url, 'capped');
    await host.api.createRoom({ userId: host.id, username: host.username, socketId: null });
    // MAX_WAITING_ROOMS_PER_ACCOUNT=1 on this server: the second waiting room is refused.
    await expect(host.api.createRoom({ userId: host.id, username: host.username, socketId: null })).rejects.toThrow();

    const [p, q] = await Promise.all([newPlayer(server.url, 'quick'), newPlayer(server.url, 'match')]);
    const [lp, lq] = await Promise.all([lobbyOf(server.url, p), lobbyOf(server.url, q)]);
    await lp.findOpponent();
    expect(sampleValue(await scrape(), 'broadside_quick_match_waiting')).toBe(1);
    await lq.findOpponent();

    const person = await newPlayer(server.url, 'versus');
    await fetch(`${server.url}/room/computer`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'easy' }),
    });

    const delta = (after: Map<string, Family>, name: string, labels: Record<string, string> = {}) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    // Seating the pair and the computer happens after the answers: read until it has.
    const after = await eventually(
      scrape,
      (families) => delta(families, 'broadside_quick_match_wait_seconds_count') === 2,
    );
    expect(delta(after, 'broadside_limits_refused_total', { reason: 'WAITING_ROOMS' })).toBe(1);
    expect(sampleValue(after, 'broadside_quick_match_waiting')).toBe(0);
    expect(sampleValue(after, 'broadside_computer_seats')).toBe(1);
    lp.close();
    lq.close();
  });

  it('answers the project’s JSON to a client that asks for application/json', async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: METRICS_JSON });
    expect(response.headers.get('content-type')).toContain('application/json');
    const metrics = MetricsSchema.parse(await response.json());
    expect(metrics.node).toBe(NODE);
    expect(metrics.ready).toBe(true);
    expect(metrics.draining).toBe(false);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer({ config: { metricsToken: 'scrape-secret-42' } });
  });
  afterAll(async () => {
    await guarded.dispose();
  });

  it('refuses a scrape without the token, or with another, with a clear 401 that reveals nothing', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, METRICS_JSON]) {
      const response = await fetch(`${guarded.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = await response.text();
      expect(JSON.parse(body)).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      expect(body).toContain('METRICS_TOKEN');
      expect(body).not.toMatch(/broadside_|process_|rooms/);
    }
  });

  it('answers the scrape that brings the token; a player’s token is not it', async () => {
    const families = await scrape(guarded.url, { authorization: 'Bearer scrape-secret-42' });
    expect(families.has('broadside_shots_total')).toBe(true);
    const player = await newPlayer(guarded.url, 'nosy');
    const refused = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${player.token}` } });
    expect(refused.status).toBe(401);
  });
});
