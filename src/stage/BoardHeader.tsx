import { type CSSProperties, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CLASSIC_RULES, type Rules, type ShotStats, shipKind } from '../game';
import { ShipIcon } from '../app/art/ShipIcon';
import { accuracyPercent, afloatCount, sameFleet, type ShipStatus } from './fleet-status';
import type { BoardId, Rect } from './layout';

interface BoardHeaderProps {
  readonly board: BoardId;
  readonly rect: Rect;
  readonly height: number;
  readonly title: string;
  readonly fleet: readonly ShipStatus[];
  /** The shots the figures count: fired at this grid (a player's own stage), or fired by the titled player. */
  readonly stats: ShotStats | null;
  /**
   * Whether `stats` are shots fired (by the player, or by the one named in the title) rather than
   * shots this grid took; by default the opponent's grid counts the player's shots fired.
   */
  readonly fired?: boolean;
  /** This is the grid the player acts on now (the one clear signal of issue #13). */
  readonly active: boolean;
  readonly compact: boolean;
  /** The room's rules: which class each ship of the tracker is. */
  readonly rules?: Rules;
}

/**
 * The band above a grid: its title, the fleet tracker (which ships are afloat, damaged or sunk)
 * and the shots fired at it with their accuracy. Plain HTML over the canvas: text stays crisp,
 * translatable and readable by screen readers.
 */
export const BoardHeader = memo(function BoardHeader({
  board,
  rect,
  height,
  title,
  fleet,
  stats,
  fired = board === 'opponent',
  active,
  compact,
  rules = CLASSIC_RULES,
}: BoardHeaderProps) {
  const { t } = useTranslation('stage');
  const style: CSSProperties = { left: rect.x, top: rect.y, width: rect.width, height };
  const scale = compact ? 4 : 8;
  const accuracy = stats && accuracyPercent(stats);
  return (
    <div className={`board-header ${board}${active ? ' active' : ''}`} style={style} data-testid={`header-${board}`}>
      <h2 className="board-title">{title}</h2>
      <FleetTracker fleet={fleet} scale={scale} rules={rules} />
      {stats && (
        <p className="board-stats">
          {accuracy === null
            ? t('tracker.noShots')
            : t(compact ? 'tracker.statsShort' : fired ? 'tracker.statsMine' : 'tracker.statsTheirs', {
                count: stats.shots,
                shots: String(stats.shots),
                accuracy: String(accuracy),
              })}
        </p>
      )}
    </div>
  );
});

/** One pictogram a ship of the fleet; a shot that changes no ship's state re-renders none of them. */
const FleetTracker = memo(
  function FleetTracker({ fleet, scale, rules }: { fleet: readonly ShipStatus[]; scale: number; rules: Rules }) {
    const { t } = useTranslation('stage');
    return (
      <ul className="fleet-tracker" aria-label={t('tracker.label', { count: afloatCount(fleet) })}>
        {fleet.map((status) => (
          <li key={status.ship} className={status.state} title={t(`ships.${shipKind(status.ship, rules)}`)}>
            <ShipIcon
              ship={status.ship}
              state={status.state === 'sunk' ? 'sunk' : 'afloat'}
              hits={status.hits}
              scale={scale}
              rules={rules}
            />
            <span className="visually-hidden">
              {t(`ships.${shipKind(status.ship, rules)}`)}: {t(`tracker.${status.state}`)}
            </span>
          </li>
        ))}
      </ul>
    );
  },
  (a, b) => a.scale === b.scale && a.rules === b.rules && sameFleet(a.fleet, b.fleet),
);
