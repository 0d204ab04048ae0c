import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { StageErrorBoundary } from './StageErrorBoundary';

/* The PixiJS stage (src/stage, issue #4) is its own chunk, fetched on game pages only (size goal). */
const Stage = lazy(() => import('../../../stage/GameStage'));

/** The stage, or a placeholder that takes the same room while it loads. */
export function LazyStage({ panel = null }: { panel?: ReactNode }) {
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
        <Stage panel={panel} />
      </Suspense>
    </StageErrorBoundary>
  );
}
