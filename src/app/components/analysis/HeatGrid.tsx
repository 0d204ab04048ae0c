import { useTranslation } from 'react-i18next';
import { coordLabel, GRID_SIZE } from '../../../game';
import type { HeatCell } from '../../analysis/review';

const COLUMNS = Array.from({ length: GRID_SIZE }, (_, x) => String.fromCharCode(65 + x));
const ROWS = Array.from({ length: GRID_SIZE }, (_, y) => y);

/** What a cell shows besides its shade, so the map reads without colour: its chance, or what it answered. */
function cellText(cell: HeatCell): string {
  if (cell.fired) return cell.fired === 'M' ? '·' : '✕';
  if (cell.permille <= 0) return '';
  const percent = Math.round(cell.permille / 10);
  return percent < 1 ? '<1' : String(percent);
}

/**
 * A heat map on the 10×10 board (docs/game.md, "Reviewing a game"): each open cell shaded by its
 * chance of holding a ship and showing it in %, cells fired before as · (miss) or ✕ (hit), the
 * chosen cells ringed and the best ones starred. A table, so a screen reader reads it cell by cell.
 */
export function HeatGrid({
  cells,
  caption,
  testId,
  kind = 'shot',
}: {
  cells: readonly HeatCell[];
  caption: string;
  testId?: string;
  /** A shooter's map (chances, fired cells, chosen and best cells) or a player's placements (shares of games). */
  kind?: 'shot' | 'placement';
}) {
  const { t } = useTranslation();
  const cellDescription = (cell: HeatCell): string => {
    const parts = [coordLabel(cell)];
    if (cell.fired) parts.push(t(`history.results.${cell.fired}`));
    else
      parts.push(
        t(kind === 'shot' ? 'analysis.chance' : 'analysis.placed', { percent: Math.round(cell.permille / 10) }),
      );
    if (cell.chosen) parts.push(t('analysis.chosen', { result: t(`history.results.${cell.chosen}`) }));
    if (cell.best) parts.push(t('analysis.bestCell'));
    return parts.join(', ');
  };
  return (
    <div className="heat" data-kind={kind} data-testid={testId}>
      <table className="heat-grid">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <td />
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((y) => (
            <tr key={y}>
              <th scope="row">{y + 1}</th>
              {cells.slice(y * GRID_SIZE, (y + 1) * GRID_SIZE).map((cell) => (
                <td
                  key={cell.index}
                  className="heat-cell"
                  data-level={cell.fired ? 'fired' : cell.level}
                  data-chosen={cell.chosen ?? undefined}
                  data-best={cell.best || undefined}
                  title={cellDescription(cell)}
                  aria-label={cellDescription(cell)}
                >
                  <span aria-hidden="true">{cellText(cell)}</span>
                  {cell.best && (
                    <span className="heat-star" aria-hidden="true">
                      ★
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="heat-legend">
        <li>
          <span className="heat-key" data-level="4" aria-hidden="true">
            42
          </span>
          {t(kind === 'shot' ? 'analysis.legend.chance' : 'analysis.legend.placed')}
        </li>
        {kind === 'shot' && (
          <>
            <li>
              <span className="heat-key" data-chosen="H" aria-hidden="true" />
              {t('analysis.legend.chosen')}
            </li>
            <li>
              <span className="heat-key" aria-hidden="true">
                <span className="heat-star">★</span>
              </span>
              {t('analysis.legend.best')}
            </li>
            <li>
              <span className="heat-key" data-level="fired" aria-hidden="true">
                ✕ ·
              </span>
              {t('analysis.legend.fired')}
            </li>
          </>
        )}
      </ul>
    </div>
  );
}
