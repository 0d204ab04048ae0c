import { type Bot, oneAfterTheOther, placerNamed, playGame, shooterNamed } from '../../src/bots';
import { createRng, type EndReason as ServerEndReason, type ShipMap } from '../../src/game';
import type { EndReason } from '../engine/bep';
import { logFileOf, loadModuleBot, type Participant } from '../engine/participant';
import type { GameRecord } from '../engine/referee';
import { placingUnder, seededFleet, shipMapOf } from '../engine/rules-support';
import { ServerEngineBot } from '../engine/server-bot';
import { type Account, createRoom, register, takeSeat } from '../session';
import type { GameRunner } from './runner';
import { fetchServerRecord, seatsOfRecord } from './server-record';
import type { GameTask, TournamentConfig } from './schedule';

/** A participant's seat on the server: an account and, for an engine, its running adapter. */
interface ServerSeat {
  readonly account: Account;
  readonly engine: ServerEngineBot | null;
}

/**
 * Plays every game through a server (`tournament --server URL`): each seat is a bot account (made
 * once per seat and reused), the first seat creates a room per game under the tournament's rules,
 * both play through the bot player loop with the harness's seeded fleets. The server draws who
 * shoots first (no API picks it), so the pair's two legs are not forced to alternate; the record
 * says who did. After each game the server's own record of it (fleets, every shot, the first
 * shooter) is read back, so the game's script file is what the server saw. An engine's fault makes
 * it resign on the server and is reported with its own reason.
 */
export function serverRunner(config: TournamentConfig, server: string, logDir: string): GameRunner {
  const idle = new Map<string, ServerSeat[]>();
  const all: ServerSeat[] = [];
  const acquire = async (p: Participant): Promise<ServerSeat> => {
    const ready = idle.get(p.name)?.pop();
    if (ready) return ready;
    const account = await register(server, 'tourney');
    const engine =
      p.kind === 'engine'
        ? new ServerEngineBot(
            {
              command: p.command,
              name: p.name,
              logFile: logFileOf(logDir, p.name),
              timeouts: config.timeouts,
              trace: Boolean(config.trace),
            },
            config.clock,
          )
        : null;
    const seat = { account, engine };
    all.push(seat);
    return seat;
  };
  const release = (p: Participant, seat: ServerSeat): void => {
    idle.set(p.name, [...(idle.get(p.name) ?? []), seat]);
  };
  const botOf = async (p: Participant, seat: ServerSeat, fleet: ShipMap | null, seed: number): Promise<Bot> => {
    const rng = createRng(seed);
    if (seat.engine) {
      seat.engine.nextFleet = fleet;
      seat.engine.rules = config.rules;
      return { userId: seat.account.userId, shooter: seat.engine.shooter, placer: seat.engine.placer, rng };
    }
    const fixed = fleet ? { name: 'seeded', place: () => fleet } : null;
    if (p.kind === 'builtin')
      return {
        userId: seat.account.userId,
        shooter: shooterNamed(p.shooter),
        placer: fixed ?? placingUnder(config.rules, placerNamed(p.placer)),
        rng,
      };
    if (p.kind !== 'module') throw new Error('unreachable');
    const bot = await loadModuleBot(p.path, p.name);
    return {
      userId: seat.account.userId,
      shooter: {
        name: p.name,
        nextShot: (view, r) =>
          bot.shooter.nextShot({ grid: view.grid as never, sunk: view.sunk, rules: config.rules }, r),
      },
      placer: fixed ?? { name: p.name, place: (r) => (bot.placer ?? placerNamed('random')).place(r, config.rules) },
      rng,
    };
  };
  const reasonOf = (end: ServerEndReason | null, loser: ServerSeat): { reason: EndReason; detail: string } => {
    const fault = loser.engine?.currentFault;
    if (fault) return { reason: fault.fault, detail: fault.detail };
    if (end === 'RESIGN') return { reason: 'resign', detail: 'resigned' };
    if (end === 'SUNK' || end === null) return { reason: 'sunk', detail: 'sank every ship' };
    return { reason: 'timeout', detail: `the server ended the game (${end})` };
  };
  return {
    async play(task: GameTask): Promise<GameRecord> {
      const started = performance.now();
      const parts = [config.participants[task.seats[0]], config.participants[task.seats[1]]] as const;
      const [pa, pb] = parts;
      if (!pa || !pb) throw new Error(`game ${task.id}: unknown participant`);
      const seats = [await acquire(pa), await acquire(pb)] as const;
      const fleets =
        config.fleets === 'seeded'
          ? ([seededFleet(config.rules, task.fleetSeeds[0]), seededFleet(config.rules, task.fleetSeeds[1])] as const)
          : null;
      try {
        const slug = await createRoom(seats[0].account, null, config.rules);
        const clientA = await takeSeat(server, seats[0].account, slug);
        const clientB = await takeSeat(server, seats[1].account, slug).catch((error: unknown) => {
          clientA.close();
          throw error;
        });
        try {
          const bots = [
            await botOf(pa, seats[0], fleets ? shipMapOf(fleets[0]) : null, task.seatSeeds[0]),
            await botOf(pb, seats[1], fleets ? shipMapOf(fleets[1]) : null, task.seatSeeds[1]),
          ] as const;
          const [first, second] = oneAfterTheOther();
          const stepTimeoutMs = Math.max(30_000, config.clock.timeMs * 3);
          const [a, b] = await Promise.all([
            playGame(clientA, bots[0], { start: true, stepTimeoutMs, ...first }),
            playGame(clientB, bots[1], { start: false, stepTimeoutMs, ...second }),
          ]);
          seats[0].engine?.finish(a.won, a.endReason);
          seats[1].engine?.finish(b.won, b.endReason);
          const winner: 0 | 1 = a.won ? 0 : 1;
          const { reason, detail } = reasonOf(a.endReason, seats[winner === 0 ? 1 : 0]);
          const loserName = parts[winner === 0 ? 1 : 0]?.name;
          const saved = await fetchServerRecord(seats[0].account, slug).catch(() => null);
          const seen = saved ? seatsOfRecord(saved, seats[0].account.userId, config.rules) : null;
          return {
            id: task.id,
            names: [pa.name, pb.name],
            winner,
            reason,
            detail:
              reason === 'sunk'
                ? `${parts[winner]?.name} ${detail} (room ${slug})`
                : `${loserName}: ${reason}: ${detail} (room ${slug})`,
            fleets: seen?.fleets ?? [[], []],
            shots: seen?.shots ?? [],
            info: [[], []],
            ms: performance.now() - started,
            ...(seen && saved ? { first: seen.first, server: { gameId: saved.gameId, slug } } : {}),
          };
        } finally {
          clientA.close();
          clientB.close();
        }
      } finally {
        release(pa, seats[0]);
        release(pb, seats[1]);
      }
    },
    abort() {
      for (const s of all) void s.engine?.close();
    },
    async close() {
      await Promise.all(all.map((s) => s.engine?.close()));
    },
  };
}
