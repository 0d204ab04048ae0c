import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { StageErrorBoundary } from './StageErrorBoundary';

/* The PixiJS stage (src/stage, issue #4) is its own chunk, fetched on game pages only (size goal). */
const Stage = lazy(() => import('../../../stage/GameStage'));

export function LazyStage() {
  const { t } = useTranslation();
  return (
    <StageErrorBoundary fallback={<p className="stage-missing">{t('game.stageMissing')}</p>}>
      <Suspense fallback={<p className="stage-loading">{t('game.stageLoading')}</p>}>
        <Stage />
      </Suspense>
    </StageErrorBoundary>
  );
}
