import { collectDefaultMetrics, Registry } from 'prom-client';
import { END_REASONS, formatRules, GAME_STATUSES } from '../../src/game';
import { LIMIT_REASONS } from '../../src/protocol';
import type { ComputerPlayersStats } from '../bots/computer-players';
import type { MatchQueue } from '../lobby/queue';
import type { RoomRegistry } from '../rooms/registry';
import { flatCounter, flatHistogram, readCounter, readGauge } from './flat-metrics';
import type { Lifecycle } from './lifecycle';
import { HANDOVERS, RULES_SLOTS, rulesOfSlot, SHOT_RESULTS, type Telemetry } from './telemetry';

/** Where the exposition reads what the node holds now. */
export interface MetricSources {
  /** This node's stable name (NODE_ID, or the host name): the `node` label of every series. */
  readonly node: string;
  /** This process's id among the nodes (the name, pid and a random suffix). */
  readonly nodeId: string;
  readonly telemetry: Telemetry;
  readonly lifecycle: Lifecycle;
  readonly registry: RoomRegistry;
  /** Sockets of each namespace, with the wire each speaks. */
  readonly sockets: () => Iterable<readonly [namespace: string, dialect: string]>;
  readonly matchQueue: MatchQueue;
  readonly computers: () => ComputerPlayersStats;
  readonly moveCommits: () => { readonly commits: number; readonly shots: number };
}

/** Every series the server exports besides prom-client's process defaults (docs/deploy.md, "Metrics"). */
export const GAME_SERIES = [
  'broadside_node_info',
  'broadside_ready',
  'broadside_draining',
  'broadside_rooms',
  'broadside_sockets',
  'broadside_games_started_total',
  'broadside_games_ended_total',
  'broadside_shots_total',
  'broadside_shot_seconds',
  'broadside_moves_committed_total',
  'broadside_db_commit_seconds',
  'broadside_relay_seconds',
  'broadside_room_handovers_total',
  'broadside_quick_match_waiting',
  'broadside_quick_match_wait_seconds',
  'broadside_computer_seats',
  'broadside_computer_seats_max',
  'broadside_computer_moves_refused_total',
  'broadside_computer_decision_seconds',
  'broadside_limits_refused_total',
] as const;

/** Rules label of a slot, or null for a slot that no room can have (a russian fleet always keeps apart). */
function rulesLabel(slot: number): string | null {
  const rules = rulesOfSlot(slot);
  return rules.fleet === 'russian' && rules.touch ? null : formatRules(rules);
}

const CLASSIC_SLOT = 4;

/**
 * The node's Prometheus registry: prom-client's process metrics (CPU, memory, heap, GC, event-loop
 * delay, handles) and the game's own series, every one labelled with the node. The game's counters
 * and histograms live in `Telemetry` (typed arrays the hot path bumps); the gauges are read from
 * what the node holds when Prometheus scrapes.
 */
export function createPrometheus(sources: MetricSources): Registry {
  const { telemetry, lifecycle } = sources;
  const registry = new Registry();
  registry.setDefaultLabels({ node: sources.node });
  collectDefaultMetrics({ register: registry });

  readGauge(
    registry,
    { name: 'broadside_node_info', help: 'This node process (1), named by its id among the nodes', labelNames: ['id'] },
    () => [[{ id: sources.nodeId }, 1]],
  );
  readGauge(
    registry,
    { name: 'broadside_ready', help: 'The node takes new rooms and sockets (GET /health/ready)' },
    () => [[{}, lifecycle.ready ? 1 : 0]],
  );
  readGauge(
    registry,
    { name: 'broadside_draining', help: 'The node is draining: it hands its rooms over and stops' },
    () => [[{}, lifecycle.draining ? 1 : 0]],
  );
  readGauge(
    registry,
    { name: 'broadside_rooms', help: 'Rooms this node plays, in memory, by status', labelNames: ['status'] },
    () => {
      const counts = new Map<string, number>(GAME_STATUSES.map((s) => [s, 0]));
      for (const room of sources.registry.values())
        counts.set(room.state.status, (counts.get(room.state.status) ?? 0) + 1);
      return [...counts].map(([status, n]) => [{ status }, n] as const);
    },
  );
  readGauge(
    registry,
    {
      name: 'broadside_sockets',
      help: 'Sockets connected to this node, by namespace and the wire they speak',
      labelNames: ['namespace', 'dialect'],
    },
    () => {
      const counts = new Map<string, number>([
        ['/room spec', 0],
        ['/room broadside/2', 0],
        ['/lobby broadside/2', 0],
      ]);
      for (const [namespace, dialect] of sources.sockets()) {
        const key = `${namespace} ${dialect}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return [...counts].map(([key, n]) => {
        const [namespace = '', dialect = ''] = key.split(' ');
        return [{ namespace, dialect }, n] as const;
      });
    },
  );

  flatCounter(
    registry,
    { name: 'broadside_games_started_total', help: 'Rounds begun (ships to place), by rules', labelNames: ['rules'] },
    telemetry.gamesStarted,
    (slot, value) => {
      const rules = rulesLabel(slot);
      return rules !== null && (value > 0 || slot === CLASSIC_SLOT) ? { rules } : null;
    },
  );
  flatCounter(
    registry,
    {
      name: 'broadside_games_ended_total',
      help: 'Rounds ended, by how they ended and rules',
      labelNames: ['reason', 'rules'],
    },
    telemetry.gamesEnded,
    (index, value) => {
      const slot = index % RULES_SLOTS;
      const rules = rulesLabel(slot);
      const reason = END_REASONS[Math.floor(index / RULES_SLOTS)] ?? 'UNKNOWN';
      return rules !== null && (value > 0 || slot === CLASSIC_SLOT) ? { reason, rules } : null;
    },
  );
  flatCounter(
    registry,
    { name: 'broadside_shots_total', help: 'Shots stored, by result (M miss, H hit, D sunk)', labelNames: ['result'] },
    telemetry.shots,
    (index) => ({ result: SHOT_RESULTS[index] ?? 'UNKNOWN' }),
  );
  flatHistogram(
    registry,
    {
      name: 'broadside_shot_seconds',
      help: 'A shot from reaching its room to answered and published: queue, rules, storage, frames',
    },
    telemetry.shotSeconds,
  );
  readCounter(
    registry,
    { name: 'broadside_moves_committed_total', help: 'Moves committed to the database (a batch per event-loop turn)' },
    () => sources.moveCommits().shots,
  );
  flatHistogram(
    registry,
    { name: 'broadside_db_commit_seconds', help: 'One database commit of the moves of an event-loop turn' },
    telemetry.commitSeconds,
  );
  flatHistogram(
    registry,
    {
      name: 'broadside_relay_seconds',
      help: 'A command sent to the node playing its room, until its answer came back',
    },
    telemetry.relaySeconds,
  );
  flatCounter(
    registry,
    {
      name: 'broadside_room_handovers_total',
      help: 'Rooms that changed hands: handed over while draining, received, taken from a node that was gone',
      labelNames: ['kind'],
    },
    telemetry.handovers,
    (index) => ({ kind: HANDOVERS[index] ?? 'UNKNOWN' }),
  );
  readGauge(
    registry,
    {
      name: 'broadside_quick_match_waiting',
      help: 'Players waiting in the quick-match queue (the whole cluster’s queue with Redis)',
    },
    async () => [[{}, (await sources.matchQueue.waiting()).length]],
  );
  flatHistogram(
    registry,
    { name: 'broadside_quick_match_wait_seconds', help: 'A quick-match wait, from joining the queue to being seated' },
    telemetry.queueWaitSeconds,
  );
  readGauge(
    registry,
    { name: 'broadside_computer_seats', help: 'Rooms where a computer player sits on this node' },
    () => [[{}, sources.computers().seats]],
  );
  readGauge(
    registry,
    { name: 'broadside_computer_seats_max', help: 'MAX_BOT_GAMES: the most computer seats at once' },
    () => [[{}, sources.computers().max]],
  );
  readCounter(
    registry,
    { name: 'broadside_computer_moves_refused_total', help: 'Computer moves the server refused (never expected)' },
    () => sources.computers().refused,
  );
  readGauge(
    registry,
    {
      name: 'broadside_computer_decision_seconds',
      help: 'A computer level’s time per shot decision since start, by quantile: compute where it ran, roundTrip with queueing',
      labelNames: ['level', 'stage', 'quantile'],
    },
    () =>
      Object.entries(sources.computers().decisions).flatMap(([level, times]) =>
        (['compute', 'roundTrip'] as const).flatMap((stage) => {
          const p = times?.[stage];
          if (!p) return [];
          return (
            [
              ['0.5', p.p50],
              ['0.95', p.p95],
              ['0.99', p.p99],
              ['1', p.max],
            ] as const
          ).map(([quantile, ms]) => [{ level, stage, quantile }, ms / 1000] as const);
        }),
      ),
  );
  flatCounter(
    registry,
    {
      name: 'broadside_limits_refused_total',
      help: 'Requests refused for a limit or a per-account cap, by reason (docs/protocol.md, "Limits")',
      labelNames: ['reason'],
    },
    telemetry.limitsRefused,
    (index) => ({ reason: LIMIT_REASONS[index] ?? 'UNKNOWN' }),
  );
  return registry;
}
