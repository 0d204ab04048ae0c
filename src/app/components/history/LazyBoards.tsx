import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardsStageProps } from '../../../stage/BoardsStage';
import { StageErrorBoundary } from '../game/StageErrorBoundary';

/* The two-board stage of the watch and replay pages, a chunk of its own like the game stage. */
const BoardsStage = lazy(() => import('../../../stage/BoardsStage'));

export function LazyBoards(props: BoardsStageProps) {
  const { t } = useTranslation();
  return (
    <StageErrorBoundary fallback={<p className="stage-missing">{t('game.stageMissing')}</p>}>
      <Suspense fallback={<p className="stage-loading">{t('game.stageLoading')}</p>}>
        <BoardsStage {...props} />
      </Suspense>
    </StageErrorBoundary>
  );
}
