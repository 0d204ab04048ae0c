import type { Participant, SeatOptions } from '../engine/participant';
import { seatFor } from '../engine/participant';
import { type GameRecord, refereeGame } from '../engine/referee';
import { seededFleet } from '../engine/rules-support';
import type { Seat } from '../engine/seat';
import type { GameTask, TournamentConfig } from './schedule';

/**
 * Idle seats per participant, reused from game to game (an engine process stays up between games
 * and is restarted only after it faulted or ended). A participant playing itself takes two seats.
 */
export class SeatPool {
  private readonly idle = new Map<string, Seat[]>();
  private readonly all = new Set<Seat>();

  constructor(private readonly options: SeatOptions) {}

  async acquire(participant: Participant): Promise<Seat> {
    const seat = this.idle.get(participant.name)?.pop();
    if (seat) return seat;
    const fresh = await seatFor(participant, this.options);
    this.all.add(fresh);
    return fresh;
  }

  release(participant: Participant, seat: Seat): void {
    const list = this.idle.get(participant.name) ?? [];
    list.push(seat);
    this.idle.set(participant.name, list);
  }

  /** Quits every engine (killed when it lingers past a second). */
  async close(): Promise<void> {
    const seats = [...this.all];
    this.all.clear();
    this.idle.clear();
    await Promise.all(seats.map((s) => s.close()));
  }
}

/** Plays one scheduled game with seats from the pool. */
export async function playTask(config: TournamentConfig, task: GameTask, pool: SeatPool): Promise<GameRecord> {
  const a = config.participants[task.seats[0]];
  const b = config.participants[task.seats[1]];
  if (!a || !b) throw new Error(`game ${task.id}: unknown participant`);
  const seats = [await pool.acquire(a), await pool.acquire(b)] as const;
  try {
    return await refereeGame({
      id: task.id,
      rules: config.rules,
      seed: task.seatSeeds[0],
      seatSeeds: task.seatSeeds,
      seats,
      fleets:
        config.fleets === 'seeded'
          ? [seededFleet(config.rules, task.fleetSeeds[0]), seededFleet(config.rules, task.fleetSeeds[1])]
          : null,
      clock: config.clock,
    });
  } finally {
    pool.release(a, seats[0]);
    pool.release(b, seats[1]);
  }
}
