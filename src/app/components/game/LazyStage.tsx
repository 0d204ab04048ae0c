import { lazy, type ReactNode, Suspense } from 'react';
import type { Coord } from '../../../game';
import { useTranslation } from 'react-i18next';
import { StageErrorBoundary } from './StageErrorBoundary';

/* The PixiJS stage (src/stage, issue #4) is its own chunk, fetched on game pages only (size goal). */
const Stage = lazy(() => import('../../../stage/GameStage'));

/** The stage, or a placeholder that takes the same room while it loads. */
export function LazyStage({ onShoot, panel = null }: { onShoot: (target: Coord) => boolean; panel?: ReactNode }) {
  const { t } = useTranslation();
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
        <Stage onShoot={onShoot} panel={panel} />
      </Suspense>
    </StageErrorBoundary>
  );
}
