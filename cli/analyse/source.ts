import { readFile } from 'node:fs/promises';
import type { AnalysisSource } from '../../src/bots/analysis';
import {
  cellIndex,
  GRID_SIZE,
  makeRules,
  resolveShot,
  type Rules,
  type ShipMap,
  turnShots,
  validateFleet,
} from '../../src/game';
import { type GameRecord, GameRecordSchema } from '../../src/protocol';
import { CliError } from '../errors';
import { type Script, ScriptSchema } from '../script/schema';

/** A finished game to analyse, with what the report calls its players. */
export interface GameToAnalyse {
  readonly source: AnalysisSource & { readonly winner: string | null };
  readonly names: ReadonlyMap<string, string>;
  /** `game 42`, or the file's name. */
  readonly label: string;
  /** The game id where there is one: the server analyses with it as the seed, so the CLI does too. */
  readonly gameId: number | null;
}

/** A game record (GET /games/{id}, the replay's data). */
export function fromRecord(record: GameRecord): GameToAnalyse {
  return {
    source: { rules: record.rules, players: record.players, shots: record.shots, winner: record.winner },
    names: new Map(record.players.map((p) => [p.userId, p.username])),
    label: `game ${record.gameId}`,
    gameId: record.gameId,
  };
}

const ME = 'me';
const OPPONENT = 'opponent';
type Side = typeof ME | typeof OPPONENT;

/**
 * A `broadside script` file (docs/cli.md) as a game: the scripted player (`me`) and the opponent,
 * each with the fleet and shots the file names. The file keeps each player's shots but not the order
 * between them, so turns are played again as the server plays them, `me` first: one shot each, a
 * salvo of one shot per ship afloat, another move after a hit under again=hit, until either list
 * runs out or a fleet is sunk. Each shot's `expect`, where given, must be the answer the fleet gives.
 */
export function fromScript(script: Script, label: string): GameToAnalyse {
  const rules: Rules = makeRules(script.rules ?? {});
  const mine = script.fleet;
  const theirs = script.opponent?.fleet;
  if (mine === 'random' || !theirs)
    throw new CliError(
      `${label}: both fleets are needed to analyse a game (fleet, opponent.fleet); an exported game has them`,
    );
  for (const [who, fleet] of [
    ['fleet', mine],
    ['opponent.fleet', theirs],
  ] as const) {
    const valid = validateFleet(fleet as ShipMap, rules);
    if (!valid.ok) throw new CliError(`${label}: ${who} is not a legal fleet of the rules (${valid.error})`);
  }
  const lists = { [ME]: script.shots, [OPPONENT]: script.opponent?.shots ?? [] };
  const fleets = { [ME]: mine as ShipMap, [OPPONENT]: theirs as ShipMap };
  const fired = { [ME]: new Set<number>(), [OPPONENT]: new Set<number>() };
  const next = { [ME]: 0, [OPPONENT]: 0 };
  const shots: { shooterId: string; x: number; y: number }[] = [];
  let turn: Side = ME;
  let winner: string | null = null;
  while (winner === null && (next[ME] < lists[ME].length || next[OPPONENT] < lists[OPPONENT].length)) {
    const other: Side = turn === ME ? OPPONENT : ME;
    if (next[turn] >= lists[turn].length) {
      turn = other;
      continue;
    }
    const count = Math.max(
      1,
      turnShots({
        rules,
        fleet: fleets[turn],
        shotsAtFleet: fired[other],
        unshotTargets: GRID_SIZE * GRID_SIZE - fired[turn].size,
      }),
    );
    let hit = false;
    for (let k = 0; k < count && next[turn] < lists[turn].length; k++) {
      const shot = lists[turn][next[turn]++];
      if (!shot) break;
      const index = cellIndex(shot);
      if (fired[turn].has(index))
        throw new CliError(
          `${label}: ${turn === ME ? 'shots' : 'opponent.shots'}[${next[turn] - 1}] fires at ${shot.x} ${shot.y} twice`,
        );
      const outcome = resolveShot(fleets[other], fired[turn], shot);
      if (shot.expect !== undefined && shot.expect !== outcome.result)
        throw new CliError(
          `${label}: ${turn === ME ? 'shots' : 'opponent.shots'}[${next[turn] - 1}] at ${shot.x} ${shot.y} expects ${shot.expect}, but the fleet answers ${outcome.result}`,
        );
      fired[turn].add(index);
      shots.push({ shooterId: turn, x: shot.x, y: shot.y });
      hit ||= outcome.result !== 'M';
      if (outcome.won) winner = turn;
    }
    if (!(rules.again === 'hit' && hit)) turn = other;
  }
  return {
    source: {
      rules,
      players: [
        { userId: ME, fleet: fleets[ME] },
        { userId: OPPONENT, fleet: fleets[OPPONENT] },
      ],
      shots,
      winner,
    },
    names: new Map([
      [ME, 'me'],
      [OPPONENT, 'opponent'],
    ]),
    label,
    gameId: null,
  };
}

/** A file holding a game record (as GET /games/{id} answers) or a `broadside script` file. */
export async function fromFile(file: string): Promise<GameToAnalyse> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${file}: no such file`);
    if (code) throw new CliError(`${file}: cannot read (${code})`);
    throw new CliError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const record = GameRecordSchema.safeParse(raw);
  if (record.success) return { ...fromRecord(record.data), label: file };
  const script = ScriptSchema.safeParse(raw);
  if (!script.success) {
    const issue = script.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'file';
    throw new CliError(`${file}: neither a game record nor a script file (${where}: ${issue?.message ?? 'invalid'})`);
  }
  // A script that carries the game as played (a tournament's game file, an export): its record,
  // with every shot in the order fired, rather than the turns played again from the two lists.
  if (script.data.record) return { ...fromRecord(script.data.record), label: file };
  return fromScript(script.data, file);
}
