import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Coord } from '../../../game';
import { gameStore, moveDraftShip, rotateDraftShip } from '../../stores/game';
import { preferencesStore } from '../../stores/preferences';
import { StageErrorBoundary } from './StageErrorBoundary';
import { stageViewOf } from './stage-view';

/* The PixiJS stage (src/stage) is its own chunk, fetched on game pages only (size goal). */
const Stage = lazy(() => import('../../../stage/GameStage'));

/**
 * The game stage fed from the app: the view from the game store, the player's actions out to the
 * draft's rules and the session's shot; or a placeholder that takes the same room while it loads.
 */
export function LazyStage({ onShoot, panel = null }: { onShoot: (target: Coord) => boolean; panel?: ReactNode }) {
  const { t } = useTranslation();
  const snap = useSnapshot(gameStore);
  const view = useMemo(() => stageViewOf(snap), [snap]);
  const { muted, theme } = useSnapshot(preferencesStore);
  return (
    <StageErrorBoundary
      fallback={
        <div className="stage-area">
          <p className="stage-missing">{t('game.stageMissing')}</p>
        </div>
      }
    >
      <Suspense
        fallback={
          <div className="stage-area">
            <p className="stage-loading">{t('game.stageLoading')}</p>
          </div>
        }
      >
        <Stage
          view={view}
          onShoot={onShoot}
          onMoveShip={moveDraftShip}
          onRotateShip={rotateDraftShip}
          muted={muted}
          theme={theme}
          panel={panel}
        />
      </Suspense>
    </StageErrorBoundary>
  );
}
