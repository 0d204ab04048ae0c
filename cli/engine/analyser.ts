import { type AnalysisSource, assessMove, type GameMove, type ShipProbabilities } from '../../src/bots/analysis';
import { type Coord, GRID_SIZE, type ShipKey, shipEntries } from '../../src/game';
import type { MoveAnalysis } from '../../src/protocol/analysis';
import { CliError } from '../errors';
import { gameOverLine, newGameLine, resultLine, setOptionLine, sunkLine } from './bep';
import { analyseLine, parseHeat } from './bep-analyse';
import { DEFAULT_TIMEOUTS, type EngineTimeouts, startEngine } from './engine-seat';
import type { EngineProcess, EngineSpec } from './process';

/** The engine's probabilities as the grader takes them: settled cells are what the game says they are. */
function probabilitiesOf(move: GameMove, heat: Float64Array): ShipProbabilities {
  const p = new Float64Array(GRID_SIZE * GRID_SIZE);
  const unshot: number[] = [];
  for (let y = 0; y < GRID_SIZE; y++)
    for (let x = 0; x < GRID_SIZE; x++) {
      const c = y * GRID_SIZE + x;
      const mark = move.view.grid[y]?.[x] ?? 'E';
      if (mark === 'E') {
        unshot.push(c);
        p[c] = heat[c] ?? 0;
      } else p[c] = mark === 'M' ? 0 : 1;
    }
  return { p, se: new Float64Array(GRID_SIZE * GRID_SIZE), method: 'exact', boards: 0, batches: [], unshot };
}

/** The ship of `fleet` on cell c (the one a D answer sank), with its number. */
function shipAt(fleet: AnalysisSource['players'][number]['fleet'], c: Coord): [ShipKey, readonly Coord[]] | undefined {
  return shipEntries(fleet).find(([, cells]) => cells.some((d) => d.x === c.x && d.y === c.y));
}

/**
 * Grades a game by another engine (`broadside analyse --engine`, docs/engines.md "Analysis"): for
 * each player a `newgame` with the game's rules, then before each of that player's moves `analyse`,
 * whose `heat` answer is graded like Broadside's own probabilities, and the move's `result` (and
 * `sunk`) lines so the engine knows what the player knew before the next one; `gameover` at the end.
 */
export class EngineAnalyser {
  private constructor(
    private readonly engine: EngineProcess,
    readonly name: string,
    private readonly timeMs: number,
  ) {}

  /** Starts the engine; refuses one whose `bepok` does not name `analyse`. */
  static async start(
    spec: EngineSpec & { readonly options?: Readonly<Record<string, string>> },
    timeMs: number,
    timeouts: EngineTimeouts = DEFAULT_TIMEOUTS,
  ): Promise<EngineAnalyser> {
    const started = await startEngine(spec, timeouts.handshakeMs);
    if ('fault' in started) {
      const said = started.stderr.length > 0 ? `; it said: ${started.stderr.join(' | ')}` : '';
      throw new CliError(`engine ${spec.name}: ${started.fault}: ${started.detail}${said}`);
    }
    const { process, identity } = started;
    if (!identity.features.includes('analyse')) {
      process.kill();
      throw new CliError(
        `engine ${spec.name} does not offer analyse: its handshake ended with "bepok", not "bepok analyse" (docs/engines.md, "Analysis")`,
      );
    }
    for (const [name, value] of Object.entries(spec.options ?? {})) process.send(setOptionLine(name, value));
    return new EngineAnalyser(process, identity.name ?? spec.name, timeMs);
  }

  private async ready(what: string, ms: number): Promise<void> {
    this.engine.send('isready');
    const answer = await this.engine.expect(['readyok'], performance.now() + ms);
    if (answer.kind !== 'line') throw new CliError(`engine ${this.name}: no readyok after ${what} (${answer.detail})`);
  }

  /** Every move of the game graded by the engine, in the game's order. */
  async analyse(
    source: AnalysisSource & { readonly winner?: string | null },
    moves: readonly GameMove[],
    gameId: string,
    onMove: (done: number, total: number) => void = () => {},
  ): Promise<MoveAnalysis[]> {
    const out: MoveAnalysis[] = new Array(moves.length);
    let done = 0;
    for (const [seat, player] of source.players.entries()) {
      const target = source.players[1 - seat]?.fleet;
      if (!target) continue;
      this.engine.send(newGameLine(`analyse-${gameId}-${seat + 1}`, source.rules, seat + 1));
      await this.ready('newgame', DEFAULT_TIMEOUTS.readyMs);
      for (const move of moves) {
        if (move.shooterId !== player.userId) continue;
        this.engine.send(analyseLine(this.timeMs));
        const answer = await this.engine.expect(['heat'], performance.now() + this.timeMs + 1000);
        if (answer.kind !== 'line')
          throw new CliError(`engine ${this.name}: no heat for move ${move.n + 1} (${answer.kind}: ${answer.detail})`);
        const heat = parseHeat(answer.line);
        if (!heat.ok) throw new CliError(`engine ${this.name}, move ${move.n + 1}: ${heat.error}`);
        out[move.n] = assessMove(move, probabilitiesOf(move, heat.value), 'engine');
        move.cells.forEach((c, i) => {
          const result = move.results[i] ?? 'M';
          this.engine.send(resultLine(c, result));
          const sunk = result === 'D' ? shipAt(target, c) : undefined;
          if (sunk) this.engine.send(sunkLine(Number(sunk[0]), sunk[1]));
        });
        onMove(++done, moves.length);
      }
      this.engine.send(gameOverLine(source.winner === player.userId, 'sunk'));
    }
    return out;
  }

  async close(): Promise<void> {
    await this.engine.quit();
  }
}
