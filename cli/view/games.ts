import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { cellIndex, resolveShot, type ShipMap, type ShotResult } from '../../src/game';
import { type GameRecord, GameRecordSchema } from '../../src/protocol';
import type { HarnessEndReason, OfflineGame } from '../../src/protocol/offline-game';
import { fromFile } from '../analyse/source';
import { CliError } from '../errors';
import { ScriptSchema } from '../script/schema';
import type { GameSummary } from '../tournament/tally';

/** A game's record and how it ended, whatever file it came from. */
interface Played {
  readonly record: GameRecord;
  readonly reason: HarnessEndReason | null;
  readonly detail: string;
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${file}: no such file`);
    throw new CliError(`${file}: not a JSON game file (${error instanceof Error ? error.message : String(error)})`);
  }
}

/**
 * A game file as the viewer plays it: a tournament's game file or an export carries its `record`
 * (every shot in the order fired); a saved record (GET /games/{id}) is one; a script file without
 * it (written before records were kept, or by hand) is played again turn by turn, the scripted
 * player first (cli/analyse/source.ts), each shot answered by the fleet it hits.
 */
export async function playedOf(file: string): Promise<Played> {
  const raw = await readJson(file);
  const script = ScriptSchema.safeParse(raw);
  if (script.success && script.data.record) {
    const { reason, detail, ...record } = script.data.record;
    return { record, reason: reason ?? null, detail: detail ?? '' };
  }
  const saved = GameRecordSchema.safeParse(raw);
  if (saved.success) return { record: saved.data, reason: null, detail: '' };
  const game = await fromFile(file);
  const { source, names } = game;
  const fleets = new Map(source.players.map((p) => [p.userId, p.fleet as ShipMap]));
  const fired = new Map(source.players.map((p) => [p.userId, new Set<number>()]));
  const shots = source.shots.map((s, seq) => {
    const target = source.players.find((p) => p.userId !== s.shooterId);
    const mine = fired.get(s.shooterId) ?? new Set<number>();
    const result: ShotResult = target ? resolveShot(fleets.get(target.userId) ?? {}, mine, s).result : 'M';
    mine.add(cellIndex(s));
    return { seq, shooterId: s.shooterId, x: s.x, y: s.y, result };
  });
  const record: GameRecord = {
    gameId: 1,
    slug: basename(file, '.json'),
    round: 1,
    startedAt: 0,
    endedAt: 0,
    endReason: source.winner ? 'SUNK' : 'RESIGN',
    rules: source.rules,
    winner: source.winner,
    firstPlayer: source.shots[0]?.shooterId ?? null,
    players: source.players.map((p) => ({
      userId: p.userId,
      username: names.get(p.userId) ?? p.userId,
      bot: null,
      title: null,
      fleet: p.fleet as ShipMap,
    })),
    shots,
    passes: [],
  };
  return { record, reason: source.winner ? 'sunk' : null, detail: '' };
}

/** The games `broadside view` serves: one file, or every game of a tournament's folder. */
export interface GameSource {
  /** What the games are, for titles: the run's participants, or the file's name. */
  readonly title: string;
  /** Every game id, in schedule order. */
  readonly ids: readonly string[];
  /** A game by id, or null when there is none of that id. */
  game(id: string): Promise<OfflineGame | null>;
}

/** A single game file. */
export function fileSource(file: string): GameSource {
  const id = basename(file);
  return {
    title: id,
    ids: [id],
    async game(wanted) {
      if (wanted !== id) return null;
      const played = await playedOf(file);
      return { id, ...ofPlayed(played, null), run: null };
    },
  };
}

function ofPlayed(played: Played, summary: GameSummary | null): Pick<OfflineGame, 'record' | 'end'> {
  const winner = played.record.players.find((p) => p.userId === played.record.winner)?.username ?? '';
  return {
    record: played.record,
    end: {
      winner,
      reason: played.reason ?? summary?.reason ?? null,
      detail: played.detail || summary?.detail || '',
    },
  };
}

/** The games of a tournament's folder (--out), from its results, in schedule order. */
export function runSource(dir: string, title: string, games: readonly GameSummary[]): GameSource {
  const sorted = [...games].filter((g) => g.file).sort((a, b) => a.index - b.index);
  const ids = sorted.map((g) => g.id);
  const byId = new Map(sorted.map((g) => [g.id, g]));
  return {
    title,
    ids,
    async game(id) {
      const summary = byId.get(id);
      if (!summary?.file) return null;
      const played = await playedOf(join(dir, summary.file));
      const at = ids.indexOf(id);
      return {
        id,
        ...ofPlayed(played, summary),
        run: { title, previous: ids[at - 1] ?? null, next: ids[at + 1] ?? null, games: ids.length },
      };
    },
  };
}
