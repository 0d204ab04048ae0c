import { expect } from 'vitest';
import type { CliRun } from '../cli/cli';

/** What every `broadside tournament --json` report has (each suite reads more of it). */
export interface TournamentReport {
  participants: { name: string; lossReasons: Record<string, number> }[];
  games: number;
  planned: number;
}

/**
 * A finished tournament's report: the run succeeded and every planned game was played. `lost(name)`
 * gives a participant's losses by reason (crash, timeout, illegal, sunk).
 */
export function finishedTournament<R extends TournamentReport>(
  run: CliRun,
): { report: R; lost: (name: string) => Record<string, number> | undefined } {
  expect(run.code).toBe(0);
  const report = run.json<R>();
  expect(report.games).toBe(report.planned);
  return { report, lost: (name) => report.participants.find((p) => p.name === name)?.lossReasons };
}
