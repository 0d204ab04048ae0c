import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { StageErrorBoundary } from './StageErrorBoundary';

/*
 * The PixiJS stage (src/stage, issue #4) is its own chunk, fetched on game pages only. It is found
 * through import.meta.glob so this page builds even in a checkout without the stage.
 */
const STAGE_PATH = '../../../stage/GameStage.tsx';
const loaders = import.meta.glob<{ default: ComponentType }>('../../../stage/GameStage.tsx');
const loadStage = loaders[STAGE_PATH];
const Stage = loadStage ? lazy(loadStage) : null;

export function LazyStage() {
  const { t } = useTranslation();
  if (!Stage) return <p className="stage-missing">{t('game.stageMissing')}</p>;
  return (
    <StageErrorBoundary fallback={<p className="stage-missing">{t('game.stageMissing')}</p>}>
      <Suspense fallback={<p className="stage-loading">{t('game.stageLoading')}</p>}>
        <Stage />
      </Suspense>
    </StageErrorBoundary>
  );
}
