import type { Coord } from '../../src/game';
import {
  type EndReason,
  type EngineOption,
  gameOverLine,
  goLine,
  newGameLine,
  opponentLine,
  parseFleet,
  parseMove,
  parseOption,
  placeLine,
  placementCells,
  resultLine,
  setOptionLine,
  sunkLine,
} from './bep';
import { type BepFeature, bepokFeatures } from './bep-analyse';
import { EngineProcess, type EngineSpec } from './process';
import type { Clock, Fault, GameSetup, Seat, ShotAnswer } from './seat';
import { fleetLengths } from '../../src/game';

export interface EngineTimeouts {
  /** From start to `bepok`. */
  readonly handshakeMs: number;
  /** From `isready` to `readyok`. */
  readonly readyMs: number;
}

export const DEFAULT_TIMEOUTS: EngineTimeouts = { handshakeMs: 10_000, readyMs: 5_000 };

/** What an engine says about itself in the handshake. */
export interface EngineIdentity {
  name: string | null;
  author: string | null;
  options: EngineOption[];
  /** Malformed `option` lines (check-engine reports them). */
  badOptions: string[];
  /** The optional commands named after `bepok` (docs/engines.md, "Analysis"). */
  features: BepFeature[];
}

export interface EngineSeatConfig extends EngineSpec {
  readonly timeouts?: EngineTimeouts;
  /** `setoption` values, sent once to each process after its handshake (so again after a restart). */
  readonly options?: Readonly<Record<string, string>>;
}

/** A handshake that failed: the fault, and the engine's last stderr lines (what it said as it died). */
export type StartFailure = Fault & { readonly stderr: readonly string[] };

/** What a handshake timeout says when the engine printed nothing: the usual cause is a buffered output. */
export const UNFLUSHED_HINT =
  'an engine that prints "bepok" but does not flush its output is silent to the harness: flush after every line (docs/engines.md, "Flushing output")';

/**
 * Starts an engine and shakes hands (`bep 1` … `bepok`). Returns the process and what it said, or
 * the fault with the engine's last stderr lines (the process is then already killed).
 */
export async function startEngine(
  spec: EngineSpec,
  handshakeMs: number,
): Promise<{ process: EngineProcess; identity: EngineIdentity } | StartFailure> {
  const engine = new EngineProcess(spec);
  engine.send('bep 1');
  const identity: EngineIdentity = { name: null, author: null, options: [], badOptions: [], features: [] };
  const deadline = performance.now() + handshakeMs;
  for (;;) {
    const answer = await engine.expect(['id', 'option', 'bepok'], deadline);
    if (answer.kind !== 'line') {
      // What a dying process wrote may still be in the pipe: read it before the kill closes it.
      const stderr = answer.kind === 'timeout' ? [] : await engine.stderrTail();
      engine.kill();
      const silent = answer.kind === 'timeout' && answer.detail === 'no answer';
      const detail =
        answer.kind === 'timeout'
          ? `no bepok within ${handshakeMs} ms (${answer.detail}${silent ? `; ${UNFLUSHED_HINT}` : ''})`
          : answer.detail;
      return {
        fault: answer.kind === 'timeout' ? 'timeout' : answer.kind,
        detail: `handshake: ${detail}`,
        stderr: answer.kind === 'timeout' ? await engine.stderrTail(0) : stderr,
      };
    }
    const line = answer.line;
    const features = bepokFeatures(line);
    if (features) return { process: engine, identity: { ...identity, features } };
    if (line.startsWith('id name ')) identity.name = line.slice(8);
    else if (line.startsWith('id author ')) identity.author = line.slice(10);
    else if (line.startsWith('option ')) {
      const option = parseOption(line);
      if (option.ok) identity.options.push(option.value);
      else identity.badOptions.push(option.error);
    }
  }
}

/** A seat played by an engine process over BEP (docs/engines.md). */
export class EngineSeat implements Seat {
  private engine: EngineProcess | null = null;
  private restart = false;
  private lengths: readonly number[] = [];
  identity: EngineIdentity | null = null;
  /** Processes started so far (the first and every restart). */
  starts = 0;

  constructor(private readonly config: EngineSeatConfig) {}

  get name(): string {
    return this.config.name;
  }

  get process(): EngineProcess | null {
    return this.engine;
  }

  private get timeouts(): EngineTimeouts {
    return this.config.timeouts ?? DEFAULT_TIMEOUTS;
  }

  async begin(setup: GameSetup): Promise<Fault | null> {
    if (this.engine && (this.restart || !this.engine.alive)) {
      this.engine.note(this.engine.alive ? 'restarted after a lost game by fault' : 'restarted after it ended');
      this.engine.kill();
      this.engine = null;
    }
    this.restart = false;
    if (!this.engine) {
      this.starts++;
      const started = await startEngine(this.config, this.timeouts.handshakeMs);
      if ('fault' in started) return { fault: started.fault, detail: started.detail };
      this.engine = started.process;
      this.identity = started.identity;
      for (const [name, value] of Object.entries(this.config.options ?? {}))
        started.process.send(setOptionLine(name, value));
    }
    const engine = this.engine;
    engine.drain();
    this.lengths = fleetLengths(setup.rules);
    engine.send(newGameLine(setup.id, setup.rules, setup.seed));
    engine.send('isready');
    const answer = await engine.expect(['readyok'], performance.now() + this.timeouts.readyMs);
    // `info` lines before readyok answer the last game's `gameover`: they stay in the log only.
    engine.takeInfo();
    if (answer.kind === 'line') return null;
    return this.faulted(
      answer.kind,
      `newgame: ${answer.kind === 'timeout' ? `no readyok within ${this.timeouts.readyMs} ms` : answer.detail}`,
    );
  }

  private faulted(kind: 'timeout' | 'crash' | 'illegal', detail: string): Fault {
    this.restart = true;
    return { fault: kind, detail };
  }

  private async ask(line: string, verbs: readonly string[], clock: Clock): Promise<string | Fault> {
    const engine = this.engine;
    if (!engine) return this.faulted('crash', 'not running');
    engine.send(line);
    const limit = clock.timeMs + clock.marginMs;
    const answer = await engine.expect(verbs, performance.now() + limit);
    if (answer.kind === 'line') return answer.line;
    const detail =
      answer.kind === 'timeout' ? `no answer to "${line}" within ${limit} ms (${answer.detail})` : answer.detail;
    return this.faulted(answer.kind, detail);
  }

  async place(clock: Clock): Promise<Coord[][] | Fault> {
    const line = await this.ask(placeLine(clock.timeMs), ['fleet'], clock);
    if (typeof line !== 'string') return line;
    const fleet = parseFleet(line, this.lengths.length);
    if (!fleet.ok) return this.faulted('illegal', fleet.error);
    return placementCells(fleet.value, this.lengths);
  }

  async go(clock: Clock, count: number): Promise<readonly Coord[] | 'resign' | Fault> {
    const line = await this.ask(goLine(clock.timeMs, count), ['fire', 'resign'], clock);
    if (typeof line !== 'string') return line;
    const move = parseMove(line, count);
    if (!move.ok) return this.faulted('illegal', move.error);
    return move.value;
  }

  result(cell: Coord, answer: ShotAnswer, sunk: { ship: number; cells: readonly Coord[] } | null): void {
    this.engine?.send(resultLine(cell, answer));
    if (sunk) this.engine?.send(sunkLine(sunk.ship, sunk.cells));
  }

  opponent(cell: Coord, answer: ShotAnswer): void {
    this.engine?.send(opponentLine(cell, answer));
  }

  end(won: boolean, reason: EndReason, faulted: boolean): void {
    if (faulted) this.restart = true;
    this.engine?.send(gameOverLine(won, reason));
    this.engine?.flush();
  }

  takeInfo(): string[] {
    return this.engine?.takeInfo() ?? [];
  }

  async close(): Promise<void> {
    const engine = this.engine;
    this.engine = null;
    await engine?.quit();
  }
}
