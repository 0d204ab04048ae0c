import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../bench/seed-accounts';
import type { LoadReport } from '../../cli/load/run';
import type { NodeRestart } from '../../scripts/cluster/local';
import { openDatabase } from '../../server/db/connect';
import { argv, runCli } from '../integration/cli/cli';
import { clusterUnavailable, type LocalCluster, startTestCluster } from '../support/cluster';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';

/** Games in flight while both nodes restart (ROLLING_RESTART_GAMES sets another count). */
const GAMES = Number(process.env.ROLLING_RESTART_GAMES ?? 200);
const DRAIN_SECONDS = 20;

/** What the drained nodes wrote in their `node.drained` log line. */
interface Drained {
  readonly node: string;
  readonly handedOver: number;
  readonly keptHere: number;
  readonly socketsClosed: number;
  readonly socketsLeft: number;
  readonly seconds: number;
}

let cluster: LocalCluster;
const drained: Drained[] = [];
const dir = mkdtempSync(join(tmpdir(), 'broadside-rolling-'));

beforeAll(async () => {
  if (clusterUnavailable) return;
  cluster = await startTestCluster({
    nodeEnv: {
      DRAIN_SECONDS: String(DRAIN_SECONDS),
      LOG_LEVEL: 'info',
      // What is tested is the drain's handover, not a death: a node slowed by a busy machine must
      // not be taken for dead (the suite's 2 s would) and lose its rooms in the middle.
      NODE_TTL_MS: '10000',
      // 200 players' sockets and rooms from one loopback address: no cap of an account is in play.
      MAX_WAITING_ROOMS_PER_ACCOUNT: '0',
    },
    log: (service, line) => {
      if (!service.startsWith('node-') || !line.includes('"node.drained"')) return;
      drained.push(JSON.parse(line) as Drained);
    },
  });
}, 240_000);
afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Games in play and the players' sockets, summed over the nodes' own /metrics. */
async function inFlight(): Promise<{ playing: number; sockets: number }> {
  let playing = 0;
  let sockets = 0;
  for (const node of cluster.nodes) {
    const families = parsePrometheusText(await (await fetch(`${node.url}/metrics`)).text());
    playing += sampleValue(families, 'broadside_rooms', { status: 'PLAY' });
    sockets += sampleValue(families, 'broadside_sockets', { namespace: '/room', dialect: 'broadside/2' });
  }
  return { playing, sockets };
}

/** Polls each node's readiness while `during` runs: the statuses each answered (0 when it did not answer). */
async function watchReadiness<T>(during: Promise<T>): Promise<{ value: T; statuses: Map<string, Set<number>> }> {
  const statuses = new Map<string, Set<number>>();
  let done = false;
  const poll = (async () => {
    while (!done) {
      for (const node of cluster.nodes) {
        const status = await fetch(`${node.url}/health/ready`, { signal: AbortSignal.timeout(1000) }).then(
          (r) => r.status,
          () => 0,
        );
        const seen = statuses.get(node.nodeId) ?? new Set<number>();
        seen.add(status);
        statuses.set(node.nodeId, seen);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    return { value: await during, statuses };
  } finally {
    done = true;
    await poll;
  }
}

describe.skipIf(clusterUnavailable)('a rolling restart under load (two nodes, PostgreSQL, Redis, nginx)', () => {
  it(`restarts every node in turn while ${GAMES} games are in flight: no game lost or failed, every acknowledged shot stored once`, async () => {
    // The players' accounts exist beforehand: the run measures games, not argon2id.
    const tokens = await seedAccounts(dir, 2 * GAMES, 'rr', {
      databaseUrl: cluster.databaseUrl,
      jwtSecret: cluster.jwtSecret,
    });
    const load = runCli(
      argv`load --server ${cluster.url} --games ${GAMES} --concurrency ${GAMES} --tokens ${tokens} --pace 1000 --jitter 0.5 --strategy hunt --seed 34 --timeout 60 --workers 2 --json --quiet`,
      { timeoutMs: 480_000 },
    );
    // Every player connected and (nearly) every game in play, on one node or the other, before the
    // first node goes: on a busy machine the first games may end before the last one starts.
    const deadline = Date.now() + 240_000;
    for (;;) {
      const now = await inFlight();
      if (now.sockets === 2 * GAMES && now.playing >= 0.9 * GAMES) break;
      if (Date.now() > deadline) throw new Error(`${now.sockets} sockets, ${now.playing} games in play`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const steps: NodeRestart[] = [];
    const { statuses } = await watchReadiness(cluster.rollingRestart((step) => steps.push(step)));
    const run = await load;
    const report = run.json<LoadReport>();

    // No game lost or failed; when some are, the failure says how and what (the load's own examples).
    const failures = JSON.stringify({ errorsByCode: report.errorsByCode, examples: report.errorExamples });
    expect(report, failures).toMatchObject({ games: GAMES, completed: GAMES, errors: 0, errorsByCode: {} });
    expect(run.stderr).toBe('');
    // Each node drained and exited by itself (code 0) within DRAIN_SECONDS, handing rooms over.
    expect(steps.map((s) => s.nodeId)).toEqual(['node-1', 'node-2']);
    for (const step of steps) {
      expect(step.exitCode).toBe(0);
      expect(step.drainMs).toBeLessThan(DRAIN_SECONDS * 1000);
    }
    expect(drained).toHaveLength(2);
    for (const line of drained) {
      expect(line.handedOver).toBeGreaterThan(0);
      // Every socket closed as the drain meant to, none cut when its time ran out.
      expect(line.socketsLeft).toBe(0);
    }
    // Readiness said 503 while a node drained (or started), 200 otherwise.
    for (const node of ['node-1', 'node-2']) {
      expect(statuses.get(node)).toContain(200);
      expect(statuses.get(node)).toContain(503);
    }
    // The node restarted first took the second one's rooms.
    const first = parsePrometheusText(await (await fetch(`${cluster.nodes[0]?.url}/metrics`)).text());
    expect(sampleValue(first, 'broadside_room_handovers_total', { kind: 'received' })).toBeGreaterThan(0);

    // Every acknowledged shot is stored, once; every game ended by its last ship sinking.
    const { db } = await openDatabase(dir, cluster.databaseUrl);
    try {
      const shots = await db
        .selectFrom('shots')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('result', '!=', 'T')
        .executeTakeFirstOrThrow();
      const acknowledged = (report.latencyMs.shoot?.count ?? 0) - (report.latencyMs['shoot refused']?.count ?? 0);
      expect(Number(shots.n)).toBe(acknowledged);
      const ended = await db.selectFrom('games').select(['end_reason']).where('ended_at', 'is not', null).execute();
      expect(ended).toHaveLength(GAMES);
      expect(new Set(ended.map((g) => g.end_reason))).toEqual(new Set(['SUNK']));
    } finally {
      await db.destroy();
    }

    const turn = report.latencyMs.turn;
    console.log(
      `[rolling restart] ${GAMES} games, ${report.latencyMs.shoot?.count} shots; ` +
        steps.map((s) => `${s.nodeId} drained in ${s.drainMs} ms, ready in ${s.readyMs} ms`).join('; ') +
        `; handed over: ${drained.map((d) => `${d.node} ${d.handedOver} rooms in ${d.seconds} s`).join(', ')}; ` +
        `shoot refused: ${report.latencyMs['shoot refused']?.count ?? 0}; ` +
        `players' wait for a shot to be accepted: p50 ${turn?.p50} ms, p99 ${turn?.p99} ms, longest ${turn?.max} ms`,
    );
  }, 600_000);
});
