import { CLASSIC_RULES, fleetLengths, formatRules, type Rules } from '../../src/game';
import { placerNamed, shooterNamed } from '../../src/bots';
import { goLine, newGameLine, parseFleet, parseMove, placeLine, placementCells, setOptionLine } from './bep';
import { type EngineIdentity, type EngineTimeouts, EngineSeat, startEngine } from './engine-seat';
import { checkGivenOptions, describeOptions } from './preflight';
import { refereeGame } from './referee';
import { fleetError } from './rules-support';
import type { Clock } from './seat';
import { StrategySeat } from './strategy-seat';

export interface CheckStep {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

export interface CheckConfig {
  readonly command: string;
  readonly name: string;
  readonly rules: Rules;
  readonly clock: Clock;
  readonly timeouts: EngineTimeouts;
  readonly logFile: string;
  /** Whole games played against the built-in random bot (half of them shooting first). */
  readonly games: number;
  readonly trace?: boolean;
  /** `option.NAME=VALUE` to set; without them every advertised option is set to its default. */
  readonly options?: Readonly<Record<string, string>>;
}

export interface CheckReport {
  readonly steps: CheckStep[];
  /** What the engine said in its handshake; null when it did not shake hands. */
  readonly identity: EngineIdentity | null;
  /** The last stderr lines of an engine that did not start. */
  readonly stderr: readonly string[];
}

/**
 * The compliance check of `broadside check-engine` (docs/engines.md, "Checking an engine"): the
 * handshake and its options, `setoption`, `newgame` and `isready`, `place`, `go` answered while
 * `isready` is asked during the thought, whole games against a reference bot through every message
 * (`result`, `sunk`, `opponent`, `gameover`), a second game on the same process, and `quit`.
 */
export async function checkEngine(
  config: CheckConfig,
  onStep: (step: CheckStep) => void = () => {},
): Promise<CheckReport> {
  const steps: CheckStep[] = [];
  const record = (name: string, ok: boolean, detail: string): boolean => {
    const step = { name, ok, detail };
    steps.push(step);
    onStep(step);
    return ok;
  };
  const spec = { command: config.command, name: config.name, logFile: config.logFile, trace: Boolean(config.trace) };
  const limit = config.clock.timeMs + config.clock.marginMs;
  const given = config.options ?? {};

  const t0 = performance.now();
  const started = await startEngine(spec, config.timeouts.handshakeMs);
  if ('fault' in started) {
    record('handshake', false, `${started.fault}: ${started.detail}`);
    return { steps, identity: null, stderr: started.stderr };
  }
  const engine = started.process;
  const report = (): CheckReport => ({ steps, identity: started.identity, stderr: [] });
  try {
    const id = started.identity;
    record('handshake', true, `bepok after ${Math.round(performance.now() - t0)} ms`);
    record(
      'id name',
      id.name !== null && id.name.trim() !== '',
      id.name ? `"${id.name}"` : 'no "id name" line before bepok',
    );
    record(
      'options',
      id.badOptions.length === 0,
      id.badOptions.length === 0
        ? `${id.options.length} option(s): ${describeOptions(id.options)}`
        : id.badOptions.join('; '),
    );
    const givenProblems = checkGivenOptions(config.name, id.options, given);
    if (Object.keys(given).length > 0)
      record(
        'given options',
        givenProblems.length === 0,
        givenProblems.length === 0
          ? Object.entries(given)
              .map(([k, v]) => `${k}=${v}`)
              .join(', ')
          : givenProblems.join('; '),
      );
    const values =
      Object.keys(given).length > 0 ? given : Object.fromEntries(id.options.map((o) => [o.name, o.default]));
    for (const [name, value] of Object.entries(values)) engine.send(setOptionLine(name, value));
    engine.send('isready');
    let answer = await engine.expect(['readyok'], performance.now() + config.timeouts.readyMs);
    record(
      'isready',
      answer.kind === 'line',
      answer.kind === 'line'
        ? `readyok (after setoption of ${Object.keys(given).length > 0 ? 'the given options' : 'every option to its default'})`
        : `${answer.kind}: ${answer.detail}`,
    );
    if (answer.kind !== 'line') return report();

    engine.send(newGameLine('check-1', config.rules, 1));
    engine.send('isready');
    answer = await engine.expect(['readyok'], performance.now() + config.timeouts.readyMs);
    if (
      !record(
        'newgame',
        answer.kind === 'line',
        answer.kind === 'line'
          ? `readyok after newgame (${formatRules(config.rules)})`
          : `${answer.kind}: ${answer.detail}`,
      )
    )
      return report();

    engine.send(placeLine(config.clock.timeMs));
    let t = performance.now();
    answer = await engine.expect(['fleet'], t + limit);
    if (answer.kind !== 'line') {
      record('place', false, `${answer.kind}: ${answer.detail}`);
      return report();
    }
    const lengths = fleetLengths(config.rules);
    const fleet = parseFleet(answer.line, lengths.length);
    const placeError = fleet.ok ? fleetError(placementCells(fleet.value, lengths), config.rules) : fleet.error;
    record('place', placeError === null, placeError ?? `legal fleet in ${Math.round(performance.now() - t)} ms`);

    // The first move of a game: a salvo is one shot per own ship, all afloat.
    const count = config.rules.shots === 'salvo' ? lengths.length : 1;
    engine.send(goLine(config.clock.timeMs, count));
    engine.send('isready');
    t = performance.now();
    const seen: string[] = [];
    let fire: string | null = null;
    while (seen.length < 2) {
      answer = await engine.expect(['readyok', 'fire', 'resign'], t + limit);
      if (answer.kind !== 'line') break;
      seen.push(answer.line);
      if (answer.line !== 'readyok') fire = answer.line;
    }
    const parsed = fire === null ? null : parseMove(fire, count);
    const cells = parsed?.ok && parsed.value !== 'resign' ? parsed.value : [];
    const twice = cells.find((c, i) => cells.slice(0, i).some((d) => d.x === c.x && d.y === c.y));
    const move = twice ? { ok: false as const, error: `fired twice at ${twice.x} ${twice.y} in one salvo` } : parsed;
    record(
      'go',
      move?.ok === true,
      move === null
        ? `no fire within ${limit} ms`
        : move.ok
          ? `"${fire}" in ${Math.round(performance.now() - t)} ms`
          : move.error,
    );
    record(
      'isready while thinking',
      seen.includes('readyok'),
      seen.includes('readyok')
        ? `readyok ${seen[0] === 'readyok' ? 'before' : 'after'} the move`
        : 'no readyok to an isready sent during go',
    );
    engine.send('gameover loss resign');
    engine.flush();
  } finally {
    engine.kill();
  }

  const seat = new EngineSeat({ ...spec, timeouts: config.timeouts, options: given });
  const reference = new StrategySeat({
    name: 'reference',
    shooter: shooterNamed('random'),
    placer: placerNamed('random'),
  });
  let played = 0;
  let worst = 0;
  try {
    for (let g = 0; g < config.games; g++) {
      const engineFirst = g % 2 === 0;
      const game = await refereeGame({
        id: `check-${g + 2}`,
        rules: config.rules,
        seed: 100 + g,
        seats: engineFirst ? [seat, reference] : [reference, seat],
        fleets: null,
        clock: config.clock,
      });
      const mine = engineFirst ? 0 : 1;
      const faulted = game.winner !== mine && game.reason !== 'sunk' && game.reason !== 'resign';
      if (faulted) {
        record(`game ${g + 1}`, false, game.detail);
        break;
      }
      played++;
      worst = Math.max(worst, game.ms);
      if (seat.starts > 1) {
        record(`game ${g + 1}`, false, 'the engine had to be restarted between games (it exited or stopped answering)');
        break;
      }
    }
    if (played === config.games)
      record(
        'games',
        true,
        `${played} whole game(s) against a random bot, ${played > 1 ? 'on one process, ' : ''}shooting first and second`,
      );
  } finally {
    const process = seat.process;
    if (process?.alive) {
      process.send('quit');
      process.flush();
      const t = performance.now();
      const late = await Promise.race([
        process.exited.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), 1000)),
      ]);
      record(
        'quit',
        !late,
        late ? 'still running 1 s after quit (killed)' : `exited ${Math.round(performance.now() - t)} ms after quit`,
      );
    }
    await seat.close();
  }
  void worst;
  return report();
}

export const DEFAULT_CHECK_RULES = CLASSIC_RULES;
