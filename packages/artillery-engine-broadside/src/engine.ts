import { errorCode } from '../../../cli/load/config';
import { placerNamed, shooterNamed } from '../../../src/bots';
import { GameScenario } from '../../../cli/load/game';
import { type EngineOptions, engineOptions } from './options';

/*
 * An Artillery engine (https://www.artillery.io/docs/reference/extension-apis#creating-a-custom-engine)
 * that plays real Broadside games: every `game` step of a virtual user is one whole game between two
 * bots, played by the same code as `broadside load` (cli/load/game.ts: GameClient + src/bots), so it
 * loads our server in the broadside/2 dialect and the original server in the SPEC dialect alike.
 */

/** A virtual user's context, as Artillery passes it from step to step. */
export interface Context {
  vars: Record<string, unknown>;
  [key: string]: unknown;
}

export type Done = (error: Error | null, context: Context) => void;
export type StepFn = (context: Context, done: Done) => void;

/** The EventEmitter Artillery gives an engine: metrics go out through it. */
export interface Events {
  emit(event: string, ...args: unknown[]): unknown;
}

/** The helpers Artillery hands every engine (@artilleryio/int-commons engine_util). */
export interface Helpers {
  createThink(spec: Step, defaults: unknown): StepFn;
  createLoopWithCount(count: unknown, steps: StepFn[], options: Record<string, unknown>): StepFn;
  template(value: unknown, context: Context, inPlace?: boolean): unknown;
}

/** One step of a scenario's flow. */
export interface Step {
  game?: unknown;
  think?: unknown;
  loop?: Step[];
  count?: unknown;
  log?: unknown;
  function?: string;
}

export interface Script {
  config: {
    target?: string;
    broadside?: unknown;
    engines?: Record<string, unknown>;
    processor?: Record<string, unknown>;
    defaults?: { think?: unknown };
  };
}

export interface ScenarioSpec {
  flow?: Step[];
}

/** Metric names, all under `broadside.` as Artillery's own engines prefix theirs. */
export const METRIC = {
  games: 'broadside.games',
  shots: 'broadside.shots',
  /** A histogram per acknowledged event and per HTTP step: broadside.shoot, broadside.signUp… */
  step: (name: string) => `broadside.${name}`,
} as const;

export class BroadsideEngine {
  private readonly options: EngineOptions;
  private readonly target: string;
  private scenario: GameScenario | null = null;
  /** Settles when the `pairs` option's players are signed up and logged in (at once when 0). */
  private accounts: Promise<void> | null = null;
  private next: number;

  constructor(
    private readonly script: Script,
    _events: Events,
    private readonly helpers: Helpers,
  ) {
    this.options = engineOptions(script.config);
    // An unknown strategy stops the run here, before any virtual user starts.
    shooterNamed(this.options.strategy);
    placerNamed(this.options.placement);
    const target = script.config.target;
    if (!target || !/^https?:\/\//.test(target)) {
      throw new Error('artillery-engine-broadside: config.target must be the server, http(s)://host:port');
    }
    this.target = target.replace(/\/+$/, '');
    // Games are numbered from a random base, so workers and runners with one seed still differ
    // unless the script fixes the seed on purpose.
    this.next = this.options.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : 0;
  }

  /** One scenario per worker: accounts are signed up once and pooled between its virtual users. */
  private games(events: Events): GameScenario {
    if (this.scenario) return this.scenario;
    const { options } = this;
    this.scenario = new GameScenario(
      {
        server: this.target,
        strategy: options.strategy,
        placement: options.placement,
        seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
        stepTimeoutMs: options.timeout * 1000,
        paceMs: options.pace,
        paceJitter: options.jitter,
        rematch: options.rematch,
      },
      {
        record: (name, ms) => {
          events.emit('histogram', METRIC.step(name), ms);
          if (name === 'shoot') events.emit('counter', METRIC.shots, 1);
        },
      },
    );
    return this.scenario;
  }

  /** The scenario once its `pairs` are ready: the first game step starts their sign-ups, the others wait. */
  private ready(events: Events): Promise<GameScenario> {
    const games = this.games(events);
    const { pairs } = this.options;
    this.accounts ??=
      pairs === 0
        ? Promise.resolve()
        : games.prepare(pairs).then(() => console.log(`accounts ready: ${2 * pairs} players signed up and logged in`));
    return this.accounts.then(() => games);
  }

  createScenario(spec: ScenarioSpec, events: Events): (context: Context, done: Done) => void {
    const steps = (spec.flow ?? [{ game: {} }]).map((step) => this.step(step, events));
    return (initial, done) => {
      events.emit('started');
      let i = 0;
      const go = (error: Error | null, context: Context): void => {
        const step = steps[i++];
        if (error || !step) {
          done(error, context);
          return;
        }
        step(context, go);
      };
      go(null, initial);
    };
  }

  step(step: Step, events: Events): StepFn {
    if (step.loop) {
      const inner = step.loop.map((s) => this.step(s, events));
      return this.helpers.createLoopWithCount(step.count ?? -1, inner, {});
    }
    if (step.think !== undefined) return this.helpers.createThink(step, this.script.config.defaults?.think ?? {});
    if (step.log !== undefined) {
      return (context, done) => {
        console.log(this.helpers.template(step.log, context));
        done(null, context);
      };
    }
    if (step.function !== undefined) {
      const name = step.function;
      return (context, done) => {
        const fn = this.script.config.processor?.[name];
        if (typeof fn !== 'function') {
          done(new Error(`artillery-engine-broadside: no function "${name}" in config.processor`), context);
          return;
        }
        fn(context, events, () => done(null, context));
      };
    }
    if (step.game !== undefined) {
      if (step.game !== null && (typeof step.game !== 'object' || Object.keys(step.game).length > 0)) {
        throw new Error(
          'artillery-engine-broadside: a game step takes no options (`- game: {}`); set them in config.broadside',
        );
      }
      return (context, done) => {
        const index = this.next++;
        this.ready(events)
          .then((games) => games.run(index))
          .then(
            () => {
              events.emit('counter', METRIC.games, 1);
              done(null, context);
            },
            (error: unknown) => {
              events.emit('error', errorCode(error));
              done(error instanceof Error ? error : new Error(String(error)), context);
            },
          );
      };
    }
    throw new Error(
      `artillery-engine-broadside: unknown step ${JSON.stringify(Object.keys(step))} (game, think, loop, log, function)`,
    );
  }
}
