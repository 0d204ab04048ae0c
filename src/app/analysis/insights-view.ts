import type { Insights } from '../../protocol/analysis';

/* A player's insights (docs/game.md, "Profiles"), summed up for their profile: the means and the
 * series of the charts, from GET /users/{id}/insights. */

export interface InsightPoint {
  readonly gameId: number;
  readonly endedAt: number;
  readonly value: number;
}

export interface InsightSummary {
  readonly games: number;
  readonly wins: number;
  readonly analysed: number;
  readonly pending: number;
  /** Means over the analysed games (accuracy 0..100, luck in hits per game); null before any. */
  readonly accuracy: number | null;
  readonly luck: number | null;
  /** Mean shots fired in the games won; null before a win. */
  readonly shotsToWin: number | null;
  /** Oldest first. */
  readonly accuracyPoints: readonly InsightPoint[];
  readonly shotsToWinPoints: readonly InsightPoint[];
  /** Accuracy of the most recent analysed games (up to five) against the earlier ones, in points; null with fewer than six. */
  readonly accuracyTrend: number | null;
}

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;

export function insightSummary(insights: Pick<Insights, 'games' | 'analysed' | 'pending'>): InsightSummary {
  const games = [...insights.games].sort((a, b) => a.endedAt - b.endedAt);
  const accuracyPoints = games.flatMap((g) =>
    g.accuracy === null ? [] : [{ gameId: g.gameId, endedAt: g.endedAt, value: g.accuracy }],
  );
  const shotsToWinPoints = games.flatMap((g) =>
    g.won ? [{ gameId: g.gameId, endedAt: g.endedAt, value: g.shots }] : [],
  );
  const lucks = games.flatMap((g) => (g.luck === null ? [] : [g.luck]));
  const values = accuracyPoints.map((p) => p.value);
  const recent = values.slice(-5);
  const earlier = values.slice(0, -5);
  const trend = earlier.length > 0 ? (mean(recent) ?? 0) - (mean(earlier) ?? 0) : null;
  return {
    games: games.length,
    wins: shotsToWinPoints.length,
    analysed: insights.analysed,
    pending: insights.pending,
    accuracy: mean(values),
    luck: mean(lucks),
    shotsToWin: mean(shotsToWinPoints.map((p) => p.value)),
    accuracyPoints,
    shotsToWinPoints,
    accuracyTrend: trend,
  };
}
