import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { BoardsStageProps } from '../../../stage/BoardsStage';
import { preferencesStore } from '../../stores/preferences';
import { StageErrorBoundary } from '../game/StageErrorBoundary';

/* The two-board stage of the watch and replay pages, a chunk of its own like the game stage. */
const BoardsStage = lazy(() => import('../../../stage/BoardsStage'));

/** The boards as the page describes them; sound and theme come from the player's preferences. */
export function LazyBoards(props: Omit<BoardsStageProps, 'muted' | 'theme'>) {
  const { t } = useTranslation();
  const { muted, theme } = useSnapshot(preferencesStore);
  return (
    <StageErrorBoundary fallback={<p className="stage-missing">{t('game.stageMissing')}</p>}>
      <Suspense fallback={<p className="stage-loading">{t('game.stageLoading')}</p>}>
        <BoardsStage {...props} muted={muted} theme={theme} />
      </Suspense>
    </StageErrorBoundary>
  );
}
