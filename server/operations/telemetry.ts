import { END_REASONS, type EndReason, type Rules } from '../../src/game';
import { LIMIT_REASONS, type LimitReason } from '../../src/protocol';
import { ServerMetrics } from './event-loop';
import { FlatCounters, FlatHistograms, SECONDS_BUCKETS, WAIT_BUCKETS } from './flat-series';

/** Shot results as counted: a miss, a hit, a hit that sank its ship. */
export const SHOT_RESULTS = ['M', 'H', 'D'] as const;

/** How a room changed hands (docs/deploy.md, "Metrics"). */
export const HANDOVERS = [
  /** This node gave a room to another as it drained. */
  'handed',
  /** This node took a room another node handed it while draining. */
  'received',
  /** This node took a room from a node that was gone (a crash, a hang). */
  'taken',
] as const;
export type Handover = (typeof HANDOVERS)[number];

/** Sixteen slots, one per combination of the four rule options (not all are valid: russian never touches). */
export const RULES_SLOTS = 16;

/** The slot of a set of rules among RULES_SLOTS: one bit per option. */
export function rulesSlot(rules: Rules): number {
  return (
    (rules.fleet === 'russian' ? 8 : 0) |
    (rules.touch ? 4 : 0) |
    (rules.shots === 'salvo' ? 2 : 0) |
    (rules.again === 'hit' ? 1 : 0)
  );
}

/** The rules of a slot (the inverse of rulesSlot), for the exposition's labels. */
export function rulesOfSlot(slot: number): Rules {
  return {
    fleet: slot & 8 ? 'russian' : 'classic',
    touch: (slot & 4) !== 0,
    shots: slot & 2 ? 'salvo' : 'one',
    again: slot & 1 ? 'hit' : 'never',
  };
}

const resultSlot = (result: unknown): number => (result === 'M' ? 0 : result === 'H' ? 1 : result === 'D' ? 2 : -1);

/**
 * The game's own figures as the hot path counts them (docs/deploy.md, "Metrics"): plain numbers in
 * typed arrays, bumped by index, so a shot costs a few additions and no allocation. Read by
 * /metrics (prometheus.ts) when Prometheus or a load test asks.
 */
export class Telemetry {
  /** Shots stored, by result (SHOT_RESULTS); a salvo counts each of its cells. */
  readonly shots = new FlatCounters(SHOT_RESULTS.length);
  /** From a shot's command reaching its room to its answer: queueing, rules, storage. */
  readonly shotSeconds = new FlatHistograms(SECONDS_BUCKETS);
  /** Rounds begun (placing ships), by the rules' slot. */
  readonly gamesStarted = new FlatCounters(RULES_SLOTS);
  /** Rounds ended, by END_REASONS × rules slot. */
  readonly gamesEnded = new FlatCounters(END_REASONS.length * RULES_SLOTS);
  /** One database commit of the moves of an event-loop turn. */
  readonly commitSeconds = new FlatHistograms(SECONDS_BUCKETS);
  /** A command sent to the node playing its room, until its answer came back. */
  readonly relaySeconds = new FlatHistograms(SECONDS_BUCKETS);
  /** A player's wait in the quick-match queue, from joining it to being seated. */
  readonly queueWaitSeconds = new FlatHistograms(WAIT_BUCKETS);
  /** Refusals for a limit or a cap, by LIMIT_REASONS. */
  readonly limitsRefused = new FlatCounters(LIMIT_REASONS.length);
  /** Rooms that changed hands, by HANDOVERS. */
  readonly handovers = new FlatCounters(HANDOVERS.length);
  /** The event-loop delay, per second and since start, and the memory (the JSON of /metrics, the console). */
  readonly loop = new ServerMetrics();

  /** A shot command answered after `seconds`: its results (one, or a salvo's) counted. */
  shot(results: unknown, seconds: number): void {
    this.shotSeconds.observe(seconds);
    if (Array.isArray(results)) {
      for (const result of results) {
        const slot = resultSlot(result);
        if (slot >= 0) this.shots.add(slot);
      }
      return;
    }
    const slot = resultSlot(results);
    if (slot >= 0) this.shots.add(slot);
  }

  gameStarted(rules: Rules): void {
    this.gamesStarted.add(rulesSlot(rules));
  }

  gameEnded(reason: EndReason, rules: Rules): void {
    this.gamesEnded.add(END_REASONS.indexOf(reason) * RULES_SLOTS + rulesSlot(rules));
  }

  /** Counts a refusal for a limit (bound to the caps and rate limits as their `refused` hook). */
  readonly refused = (reason: LimitReason): void => {
    this.limitsRefused.add(LIMIT_REASONS.indexOf(reason));
  };

  handover(kind: Handover): void {
    this.handovers.add(HANDOVERS.indexOf(kind));
  }

  stop(): void {
    this.loop.stop();
  }
}
