import { Application, type ApplicationRef } from '@pixi/react';
import { useMemo, useRef, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { preferencesStore } from '../app/stores/preferences';
import { BoardHeader } from './BoardHeader';
import { type BoardsModel, boardsSnapshot } from './boards-model';
import { enemyFleetStatus, shotStats } from './fleet-status';
import { planEffects, type StageSnapshot } from './effects-plan';
import { createInteraction } from './interaction';
import { computeLayout, layoutAttribute } from './layout';
import { stageRenderer } from './renderer-choice';
import { Scene, type SceneModel } from './Scene';
import { playCue } from './sounds';
import { useDevicePixelRatio } from './use-device-pixel-ratio';
import { useStageSize } from './use-stage-size';
import { useStageTheme } from './use-stage-theme';

export interface BoardsStageProps {
  readonly model: BoardsModel;
  /** Board titles, first player then second. */
  readonly titles: readonly [string, string];
  /** Animate the change from the previous model (a shot landing); false for a jump. */
  readonly animate: boolean;
  readonly label: string;
}

/**
 * Both boards of a game seen from outside (spectators, the replay viewer), drawn by the game
 * stage's own Scene with its shot effects and sounds. Nothing here is interactive.
 */
export default function BoardsStage({ model, titles, animate, label }: BoardsStageProps) {
  const { muted } = useSnapshot(preferencesStore);
  const areaRef = useRef<HTMLDivElement>(null);
  const appRef = useRef<ApplicationRef>(null);
  const interaction = useRef(createInteraction());
  const size = useStageSize(areaRef);
  const theme = useStageTheme();
  const resolution = useDevicePixelRatio();
  const preference = useMemo(stageRenderer, []) as 'webgl';
  const layout = useMemo(
    () => computeLayout({ width: size.width, height: size.height, boards: ['player', 'opponent'] }),
    [size.width, size.height],
  );

  const previous = useRef<StageSnapshot | null>(null);
  useEffect(() => {
    const next = boardsSnapshot(model);
    const plan = animate ? planEffects(previous.current, next) : { effects: [], sounds: [] };
    previous.current = next;
    const now = performance.now();
    plan.effects.forEach((effect, i) => {
      if (effect.kind !== 'turn') interaction.current.effects.push({ effect, start: now, seed: i * 3.1 + now });
    });
    for (const cue of plan.sounds) if (cue !== 'victory' && cue !== 'defeat') playCue(cue, muted);
  }, [model, animate, muted]);

  const scene: SceneModel = {
    layout,
    theme,
    fleet: null,
    playerShips: model.ships[0],
    editable: false,
    selected: null,
    playerBoats: model.grids[0],
    opponentBoats: model.grids[1],
    opponentShips: model.ships[1],
    myTurn: false,
    playing: false,
    cursorBoard: null,
    active: null,
    resolution,
  };
  const compact = layout.arrangement === 'stacked';
  const header = (board: 'player' | 'opponent', i: 0 | 1) => {
    const rect = layout.blocks[board];
    if (!rect) return null;
    return (
      <BoardHeader
        key={board}
        board={board}
        rect={rect}
        height={layout.headerHeight}
        title={titles[i]}
        fleet={enemyFleetStatus(model.ships[i], model.grids[i])}
        stats={shotStats(model.grids[i])}
        active={model.status === 'PLAY' && model.turn !== null && model.turn !== model.players[i]}
        compact={compact}
      />
    );
  };

  return (
    <div ref={areaRef} className="stage-area">
      <div className="stage-frame" style={{ width: layout.width, height: layout.height }}>
        <div
          data-testid="boards-stage"
          data-layout={layoutAttribute(layout)}
          data-status={model.status}
          className="stage"
          role="img"
          aria-label={label}
          style={{ position: 'absolute', inset: 0 }}
        >
          <Application
            ref={appRef}
            antialias={false}
            preference={preference}
            autoDensity
            background={theme.bg}
            resolution={resolution}
          >
            <Scene model={scene} interaction={interaction} />
          </Application>
        </div>
        {header('player', 0)}
        {header('opponent', 1)}
      </div>
    </div>
  );
}
