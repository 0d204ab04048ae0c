import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Coord } from '../../../game';
import { StageErrorBoundary } from './StageErrorBoundary';
import { useStoreStageProps } from './stage-view';

/* The PixiJS stage (src/stage) is its own chunk, fetched on game pages only (size goal). */
const Stage = lazy(() => import('../../../stage/GameStage'));

/**
 * The game stage fed from the app: the view from the game store, the player's actions out to the
 * draft's rules and the session's shot; or a placeholder that takes the same room while it loads.
 */
export function LazyStage({
  onShoot,
  onFire,
  panel = null,
}: {
  onShoot: (target: Coord) => boolean;
  /** Salvo: fires the aimed shots together (the stage's F key). */
  onFire?: () => void;
  panel?: ReactNode;
}) {
  const { t } = useTranslation();
  const stageProps = useStoreStageProps();
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
        <Stage {...stageProps} onShoot={onShoot} onFire={onFire} panel={panel} />
      </Suspense>
    </StageErrorBoundary>
  );
}
