import { type ChartBox, linePath, placeValue } from '../../analysis/chart';
import type { InsightPoint } from '../../analysis/insights-view';

/**
 * A small line chart of one figure over a player's games, oldest on the left (a profile's
 * insights), with the lowest and highest values written on its axis.
 */
export function TrendChart({
  points,
  min,
  max,
  caption,
  label,
  format,
  testId,
}: {
  points: readonly InsightPoint[];
  min: number;
  max: number;
  caption: string;
  /** The chart in words, for assistive technology. */
  label: string;
  format: (value: number) => string;
  testId?: string;
}) {
  const box: ChartBox = { width: 320, height: 120, pad: 12, min, max };
  const placed = points.map((p, i) => placeValue(box, points.length, i, p.value));
  return (
    <figure className="insights-chart" data-testid={testId}>
      <figcaption>{caption}</figcaption>
      <svg viewBox={`0 0 ${box.width} ${box.height}`} role="img" aria-label={label}>
        <text x={4} y={12} className="chart-axis">
          {format(max)}
        </text>
        <text x={4} y={box.height - 4} className="chart-axis">
          {format(min)}
        </text>
        <path d={linePath(placed)} className="grade-line" />
        {placed.map((p, i) => (
          <circle key={points[i]?.gameId ?? i} cx={p.x} cy={p.y} r={3.5} className="grade-mark" />
        ))}
      </svg>
    </figure>
  );
}
