import { useTranslation } from 'react-i18next';
import { type ChartBox, linePath, placeValue } from '../../analysis/chart';
import type { GradePoint } from '../../analysis/review';
import { GRADE_THRESHOLDS } from '../../../protocol/analysis';

const BOX: ChartBox = { width: 640, height: 150, pad: 10, min: 0, max: 1 };

/** A series' marker: a circle for the first player, a square for the second (shape, not only colour). */
function Marker({ x, y, series, current }: { x: number; y: number; series: number; current: boolean }) {
  const r = current ? 6 : 4;
  return series === 0 ? (
    <circle cx={x} cy={y} r={r} className="grade-mark" data-series={series} data-current={current || undefined} />
  ) : (
    <rect
      x={x - r}
      y={y - r}
      width={2 * r}
      height={2 * r}
      className="grade-mark"
      data-series={series}
      data-current={current || undefined}
    />
  );
}

/**
 * Each player's grades over the game (docs/game.md, "Reviewing a game"): one point per move, in
 * the game's order, over bands marking the classes' thresholds; a click on a point jumps there
 * (the keyboard has the buttons to the worst moves and to the next mistake).
 */
export function GradeChart({
  series,
  names,
  totalMoves,
  currentStep,
  onSeek,
}: {
  series: readonly (readonly GradePoint[])[];
  names: readonly string[];
  totalMoves: number;
  currentStep: number | null;
  onSeek: (step: number) => void;
}) {
  const { t } = useTranslation();
  const at = (p: GradePoint) => placeValue(BOX, totalMoves, p.n, p.grade);
  const bands = Object.entries(GRADE_THRESHOLDS).map(([name, grade]) => ({
    name,
    y: placeValue(BOX, 1, 0, grade).y,
  }));
  return (
    <figure className="grade-chart" data-testid="grade-chart">
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={t('analysis.chartLabel')}>
        {bands.map((b) => (
          <g key={b.name}>
            <line x1={0} x2={BOX.width} y1={b.y} y2={b.y} className="grade-band" />
          </g>
        ))}
        {series.map((points, s) => (
          <g key={names[s] ?? s}>
            <path d={linePath(points.map(at))} className="grade-line" data-series={s} />
            {points.map((p) => {
              const { x, y } = at(p);
              return (
                // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the buttons below do the same from the keyboard
                <g key={p.n} className="grade-point" onClick={() => onSeek(p.step)}>
                  <title>
                    {t('analysis.pointTitle', {
                      n: p.n + 1,
                      grade: Math.round(p.grade * 100),
                      class: t(`analysis.classes.${p.class}`),
                    })}
                  </title>
                  <Marker x={x} y={y} series={s} current={currentStep === p.step} />
                </g>
              );
            })}
          </g>
        ))}
      </svg>
      <figcaption className="grade-chart-legend">
        {names.map((name, s) => (
          <span key={name} className="grade-chart-key">
            <svg viewBox="0 0 14 14" width="14" height="14" aria-hidden="true">
              <Marker x={7} y={7} series={s} current={false} />
            </svg>
            {name}
          </span>
        ))}
        <span className="hint">{t('analysis.chartHint')}</span>
      </figcaption>
    </figure>
  );
}
