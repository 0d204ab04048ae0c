import { type Cell, type EndReason, type ShotStats, shotStats } from '../../game';

type Board = readonly (readonly Cell[])[];

export interface EndSummaryInput {
  readonly userId: string | null;
  readonly winner: { readonly userId: string; readonly username: string } | null;
  readonly members: readonly { readonly userId: string; readonly username: string }[];
  /** Null from a server that does not say (SPEC-only) or before the end. */
  readonly endReason: EndReason | null;
  /** This player's grid, marked with the opponent's shots. */
  readonly playerBoats: Board;
  /** The opponent's grid, marked with this player's shots. */
  readonly opponentBoats: Board;
}

/** What the end screen says to one player: the outcome, how it came, and both players' shooting. */
export interface EndSummary {
  readonly outcome: 'won' | 'lost';
  readonly reason: EndReason | null;
  readonly opponent: string | null;
  readonly mine: ShotStats;
  readonly theirs: ShotStats;
}

/** The summary of a finished round as seen by `userId`; null while there is no winner. */
export function endSummary(input: EndSummaryInput): EndSummary | null {
  if (!input.winner || input.userId === null) return null;
  const opponent = input.members.find((member) => member.userId !== input.userId);
  return {
    outcome: input.winner.userId === input.userId ? 'won' : 'lost',
    reason: input.endReason,
    opponent: opponent?.username ?? null,
    mine: shotStats(input.opponentBoats),
    theirs: shotStats(input.playerBoats),
  };
}
