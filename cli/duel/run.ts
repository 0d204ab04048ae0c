import { CLASSIC_RULES, createRng, formatRules, type Rules } from '../../src/game';
import { placingUnder } from '../engine/rules-support';
import {
  type Bot,
  gameSeed,
  type GameOutcome,
  placerNamed,
  oneAfterTheOther,
  playGame,
  requestReplay,
  shooterNamed,
} from '../../src/bots';
import type { ServerEngineBot } from '../engine/server-bot';
import { createRoom, register, takeSeat } from '../session';
import { round, summarize, wilson } from '../stats';

export interface DuelConfig {
  readonly server: string;
  readonly a: string;
  readonly b: string;
  readonly aPlacement: string;
  readonly bPlacement: string;
  readonly games: number;
  readonly seed: number;
  readonly stepTimeoutMs: number;
  /** Engines playing A or B instead of the strategies (docs/engines.md); closed by runDuel. */
  readonly aEngine?: ServerEngineBot | null;
  readonly bEngine?: ServerEngineBot | null;
  /** The rules of the duel's room (classic when absent). */
  readonly rules?: Rules;
}

export interface SideReport {
  readonly strategy: string;
  readonly placement: string;
  readonly username: string;
  readonly wins: number;
  readonly winRate: number;
  /** Wilson 95% confidence interval of the win rate. */
  readonly ci95: readonly [number, number];
  /** Mean shots this side fired per game. */
  readonly meanShots: number;
  /** Mean shots this side needed in the games it won. */
  readonly meanShotsToWin: number | null;
}

export interface DuelReport {
  readonly games: number;
  readonly a: SideReport;
  readonly b: SideReport;
  readonly seconds: number;
  readonly slug: string;
  /** The room's rules, written as `--rules` takes them. */
  readonly rules: string;
}

export interface DuelGame {
  readonly index: number;
  readonly winner: 'a' | 'b';
  readonly aShots: number;
  readonly bShots: number;
}

function side(strategy: string, placement: string, username: string, outcomes: readonly GameOutcome[]): SideReport {
  const wins = outcomes.filter((o) => o.won).length;
  const ci = wilson(wins, outcomes.length);
  const won = outcomes.filter((o) => o.won).map((o) => o.shots);
  return {
    strategy,
    placement,
    username,
    wins,
    winRate: round(outcomes.length ? wins / outcomes.length : 0, 4),
    ci95: [round(ci.low, 4), round(ci.high, 4)],
    meanShots: round(summarize(outcomes.map((o) => o.shots)).mean, 2),
    meanShotsToWin: won.length ? round(summarize(won).mean, 2) : null,
  };
}

/**
 * Two freshly registered bots meet in one room through the server: A creates it and starts each
 * game, B joins; after each game A asks for the replay. The server picks who shoots first. The
 * room is created under `rules`; engines are told them in `newgame`.
 */
export async function runDuel(config: DuelConfig, onGame: (game: DuelGame) => void = () => {}): Promise<DuelReport> {
  const started = performance.now();
  const [accountA, accountB] = await Promise.all([
    register(config.server, 'duel_a'),
    register(config.server, 'duel_b'),
  ]);
  const rules = config.rules ?? CLASSIC_RULES;
  const slug = await createRoom(accountA, null, rules);
  for (const engine of [config.aEngine, config.bEngine]) if (engine) engine.rules = rules;
  const clientA = await takeSeat(config.server, accountA, slug);
  try {
    const clientB = await takeSeat(config.server, accountB, slug);
    try {
      const botA: Bot = {
        userId: accountA.userId,
        shooter: config.aEngine?.shooter ?? shooterNamed(config.a),
        placer: config.aEngine?.placer ?? placingUnder(rules, placerNamed(config.aPlacement)),
        rng: createRng(gameSeed(config.seed, 0, 10)),
      };
      const botB: Bot = {
        userId: accountB.userId,
        shooter: config.bEngine?.shooter ?? shooterNamed(config.b),
        placer: config.bEngine?.placer ?? placingUnder(rules, placerNamed(config.bPlacement)),
        rng: createRng(gameSeed(config.seed, 0, 11)),
      };
      const outcomesA: GameOutcome[] = [];
      const outcomesB: GameOutcome[] = [];
      for (let i = 0; i < config.games; i++) {
        if (i > 0) await requestReplay(clientA);
        const [first, second] = oneAfterTheOther();
        const [a, b] = await Promise.all([
          playGame(clientA, botA, { start: true, stepTimeoutMs: config.stepTimeoutMs, ...first }),
          playGame(clientB, botB, { start: false, stepTimeoutMs: config.stepTimeoutMs, ...second }),
        ]);
        outcomesA.push(a);
        outcomesB.push(b);
        config.aEngine?.finish(a.won, a.endReason);
        config.bEngine?.finish(b.won, b.endReason);
        onGame({ index: i, winner: a.won ? 'a' : 'b', aShots: a.shots, bShots: b.shots });
      }
      return {
        games: config.games,
        a: side(
          config.aEngine?.name ?? config.a,
          config.aEngine ? 'engine' : config.aPlacement,
          accountA.username,
          outcomesA,
        ),
        b: side(
          config.bEngine?.name ?? config.b,
          config.bEngine ? 'engine' : config.bPlacement,
          accountB.username,
          outcomesB,
        ),
        seconds: round((performance.now() - started) / 1000, 2),
        slug,
        rules: formatRules(rules),
      };
    } finally {
      clientB.close();
    }
  } finally {
    clientA.close();
    await Promise.all([config.aEngine?.close(), config.bEngine?.close()]);
  }
}
