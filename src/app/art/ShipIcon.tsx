import type { Rules, ShipKey } from '../../game';
import { hullPath, shipShape } from './ship-shapes';

const SCALE = 16;

/**
 * A ship's silhouette as an SVG pictogram, from the same geometry the stage draws. `state` greys
 * a sunk ship out and strikes it through; `hits` marks damaged sections.
 */
export function ShipIcon({
  ship,
  state = 'afloat',
  hits = [],
  scale = SCALE,
  rules,
}: {
  ship: ShipKey;
  /** The fleet the ship belongs to (classic when absent): ship 1 is a battleship there, a cruiser in a russian fleet. */
  rules?: Rules;
  state?: 'afloat' | 'sunk';
  /** Which sections (0 = the stern, the ship's first cell) are damaged. */
  hits?: readonly number[];
  scale?: number;
}) {
  const shape = shipShape(ship, rules);
  const width = shape.length * scale;
  const sunk = state === 'sunk';
  return (
    <svg
      className={`ship-icon ${state}`}
      width={width}
      height={scale}
      viewBox={`0 0 ${width} ${scale}`}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={hullPath(shape, scale)}
        fill={sunk ? 'var(--stage-sunk)' : 'var(--stage-ship)'}
        opacity={sunk ? 0.55 : 1}
      />
      {!sunk &&
        shape.details.map((d) =>
          d.kind === 'rect' ? (
            <rect
              key={`${d.kind}${d.x},${d.y}`}
              x={d.x * scale}
              y={d.y * scale}
              width={d.w * scale}
              height={d.h * scale}
              fill="var(--stage-ship-deck)"
            />
          ) : (
            <circle
              key={`${d.kind}${d.x},${d.y}`}
              cx={d.x * scale}
              cy={d.y * scale}
              r={d.r * scale}
              fill="var(--stage-ship-deck)"
            />
          ),
        )}
      {!sunk &&
        hits.map((i) => (
          <circle key={`h${i}`} cx={(i + 0.5) * scale} cy={scale / 2} r={scale * 0.22} fill="var(--stage-hit)" />
        ))}
      {sunk && <line x1={2} y1={scale / 2} x2={width - 2} y2={scale / 2} stroke="var(--stage-sunk)" strokeWidth={2} />}
    </svg>
  );
}
