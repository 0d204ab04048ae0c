import { Application, type ApplicationRef } from '@pixi/react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BoardHeader } from './BoardHeader';
import { type BoardsModel, boardsSnapshot } from './boards-model';

export type { BoardsModel } from './boards-model';
import { CLASSIC_RULES, shotStats } from '../game';
import { enemyFleetStatus } from './fleet-status';
import { EMPTY_PLAN, planEffects, type StageSnapshot } from './effects-plan';
import { createInteraction } from './interaction';
import { computeScrollingLayout, layoutAttribute } from './layout';
import { stageRenderer } from './renderer-choice';
import { Scene, type SceneModel } from './Scene';
import { markHolds, shownGrid, shownShips } from './mark-beats';
import { moveOrder, scheduleShots } from './shot-beats';
import { useMarkHolds } from './use-mark-holds';
import { useLastShots } from './use-last-shots';
import { useCueTimers } from './use-cue-timers';
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
  readonly muted: boolean;
  /** The theme's name: the colours are read from the page's CSS variables again when it changes. */
  readonly theme: string;
}

/**
 * Both boards of a game seen from outside (spectators, the replay viewer), drawn by the game
 * stage's own Scene with its shot effects and sounds. Nothing here is interactive.
 */
export default function BoardsStage({ model, titles, animate, label, muted, theme: themeName }: BoardsStageProps) {
  const areaRef = useRef<HTMLDivElement>(null);
  const appRef = useRef<ApplicationRef>(null);
  const interaction = useRef(createInteraction());
  const size = useStageSize(areaRef);
  const theme = useStageTheme(themeName);
  const resolution = useDevicePixelRatio();
  const preference = useMemo(stageRenderer, []) as 'webgl';
  const layout = useMemo(
    () => computeScrollingLayout({ width: size.width, height: size.height, boards: ['player', 'opponent'] }),
    [size.width, size.height],
  );

  // @pixi/react renders the scene given before its asynchronous init finished, and again only on
  // the next commit: without one, the canvas kept Pixi's blank 800×600 default. Init commits once more.
  const [, setReady] = useState(false);
  const onInit = useCallback(() => setReady(true), []);

  const mutedNow = useRef(muted);
  mutedNow.current = muted;
  const playLater = useCueTimers(() => mutedNow.current);
  const previous = useRef<StageSnapshot | null>(null);
  const { holds, add } = useMarkHolds();
  // Before the browser paints, so that a salvo's marks are held back from its first frame.
  useLayoutEffect(() => {
    const next = boardsSnapshot(model);
    const plan = animate ? planEffects(previous.current, next) : EMPTY_PLAN;
    const before = previous.current;
    previous.current = next;
    const now = performance.now();
    // A salvo's shots land one after the other in the order fired, with their marks (shot-beats.ts,
    // mark-beats.ts), as on the players' own stages.
    const scheduled = scheduleShots(plan, moveOrder(next));
    add(markHolds(before, scheduled, now));
    scheduled.effects.forEach(({ item, delayMs }, i) => {
      if (item.kind !== 'turn')
        interaction.current.effects.push({ effect: item, start: now + delayMs, seed: i * 3.1 + now });
    });
    playLater(scheduled.sounds.filter(({ item }) => item !== 'victory' && item !== 'defeat'));
  }, [model, animate, playLater, add]);

  const snapshot = useMemo(() => boardsSnapshot(model), [model]);
  const lastShots = useLastShots(snapshot);
  const rules = model.rules ?? CLASSIC_RULES;
  const now = performance.now();
  // What is drawn: a salvo's marks (and the ships it sank) appear as their shots land.
  const grids = [
    shownGrid(model.grids[0], 'player', holds, now),
    shownGrid(model.grids[1], 'opponent', holds, now),
  ] as const;
  const ships = [
    shownShips(model.ships[0], 'player', holds, now),
    shownShips(model.ships[1], 'opponent', holds, now),
  ] as const;
  const scene: SceneModel = {
    layout,
    theme,
    fleet: null,
    playerShips: ships[0],
    editable: false,
    selected: null,
    playerBoats: grids[0],
    opponentBoats: grids[1],
    opponentShips: ships[1],
    myTurn: false,
    playing: false,
    cursorBoard: null,
    active: null,
    resolution,
    rules,
    lastShots,
  };
  // Below 40 px a cell, a full header (title, tracker, long figures) no longer fits above its grid
  // (the replay's boards at 1280×720 share the height with the controls): the short one does.
  const compact = layout.arrangement === 'stacked' || layout.cell < 40;
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
        fleet={enemyFleetStatus(ships[i], grids[i], rules)}
        rules={rules}
        // Under a player's name, that player's own shots: the ones the other grid took.
        stats={shotStats(grids[i === 0 ? 1 : 0])}
        fired
        active={model.status === 'PLAY' && model.turn !== null && model.turn !== model.players[i]}
        compact={compact}
      />
    );
  };

  return (
    // The page gives the stage the height left in the window; where that is too short for the
    // smallest cells (a phone's two stacked grids), the box grows to the drawing, so the page scrolls
    // instead of the canvas spilling over what follows it (the replay controls). Grown to
    // layout.height, the box yields the same cell size again, so the measure settles at once.
    <div ref={areaRef} className="stage-area" style={{ minHeight: layout.height }}>
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
            onInit={onInit}
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
