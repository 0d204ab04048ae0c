import { useApplication } from '@pixi/react';
import { type Ticker, UPDATE_PRIORITY } from 'pixi.js';
import { type RefObject, useEffect, useMemo } from 'react';
import type { Cell, Coord, PartialShipMap, Rules, ShipKey, ShipMap } from '../game';
import { BoardView } from './BoardView';
import { drawnShips } from './fleet-status';
import type { Interaction } from './interaction';
import type { StageLayout } from './layout';
import { type LastShots, lastShotRings, NO_LAST_SHOTS } from './last-shots';
import { MarksView } from './MarksView';
import { OverlayView } from './OverlayView';
import { ShipSprite } from './ShipSprite';
import { WaterView } from './WaterView';
import type { StageTheme } from './theme';
import './pixi';

type ReadonlyGrid = readonly (readonly Cell[])[];

/** What the scene draws, already chosen from the store by GameStage. */
export interface SceneModel {
  readonly layout: StageLayout;
  readonly theme: StageTheme;
  /** Own fleet: the draft during placement, the placed fleet afterwards. */
  readonly fleet: ShipMap | null;
  /** Ships drawn on the player board when there is no own fleet: a watched player's sunk ships. */
  readonly playerShips?: PartialShipMap;
  readonly editable: boolean;
  readonly selected: ShipKey | null;
  readonly playerBoats: ReadonlyGrid;
  readonly opponentBoats: ReadonlyGrid;
  readonly opponentShips: PartialShipMap;
  readonly myTurn: boolean;
  readonly playing: boolean;
  readonly cursorBoard: 'player' | 'opponent' | null;
  /** The grid the player acts on now, framed: the one clear signal of issue #13. */
  readonly active: 'player' | 'opponent' | null;
  /** Device pixel ratio: the renderer's resolution, for a crisp canvas on high-DPI screens. */
  readonly resolution: number;
  /** The room's rules (classic when absent): which class each ship is. */
  readonly rules?: Rules;
  /** Own ships the rules refuse where they lie during placement (touching under no-touch rules). */
  readonly refused?: readonly ShipKey[];
  /** Salvo: the opponent cells aimed at this turn. */
  readonly aim?: readonly Coord[];
  /** The last shot at each grid, ringed once it has landed. */
  readonly lastShots?: LastShots;
}

/** Keeps the renderer the size of the layout; Pixi's own resizeTo only follows the window. */
function Resizer({ width, height, resolution }: { width: number; height: number; resolution: number }) {
  const { app, isInitialised } = useApplication();
  useEffect(() => {
    if (isInitialised && width > 0 && height > 0) app.renderer.resize(width, height, resolution);
  }, [app, isInitialised, width, height, resolution]);
  return null;
}

/**
 * Renders only frames where something changed: a React commit, or a ticker callback that moved
 * something (it sets interaction.dirty). An idle stage then costs nothing per frame, which matters
 * on software WebGL where presenting one frame of the canvas is the dominant cost.
 */
function OnDemandRenderer({ interaction }: { interaction: RefObject<Interaction> }) {
  const { app, isInitialised } = useApplication();
  useEffect(() => {
    if (!isInitialised) return;
    const renderIfDirty = () => {
      if (!interaction.current.dirty) return;
      interaction.current.dirty = false;
      app.render();
    };
    app.ticker.remove(app.render, app);
    app.ticker.add(renderIfDirty, undefined, UPDATE_PRIORITY.LOW);
    return () => {
      // Leaving the game page destroys the application before this cleanup runs: its ticker is
      // then null (issue #13: "Cannot read properties of null (reading 'remove')").
      const ticker = app.ticker as Ticker | null;
      if (!ticker) return;
      ticker.remove(renderIfDirty);
      ticker.add(app.render, app, UPDATE_PRIORITY.LOW);
    };
  }, [app, isInitialised, interaction]);
  // Any commit of the scene may have changed what is drawn.
  useEffect(() => {
    interaction.current.dirty = true;
  });
  return null;
}

export function Scene({ model, interaction }: { model: SceneModel; interaction: RefObject<Interaction> }) {
  const { layout, theme } = model;
  const shots = model.lastShots ?? NO_LAST_SHOTS;
  // Memoised on what they show: MarksView redraws its Graphics only when its rings change.
  const opponentRings = useMemo(
    () => lastShotRings(shots, 'opponent', model.opponentBoats),
    [shots, model.opponentBoats],
  );
  const playerRings = useMemo(() => lastShotRings(shots, 'player', model.playerBoats), [shots, model.playerBoats]);
  return (
    <>
      <Resizer width={layout.width} height={layout.height} resolution={model.resolution} />
      <OnDemandRenderer interaction={interaction} />
      <WaterView layout={layout} water={theme.water} background={theme.bg} interaction={interaction} />
      {layout.opponent && (
        <BoardView
          board="opponent"
          placement={layout.opponent}
          theme={theme}
          active={model.active === 'opponent'}
          dimmed={model.playing && !model.myTurn}
          interaction={interaction}
          resolution={model.resolution}
        >
          {drawnShips(model.opponentShips, model.opponentBoats).map(({ ship, cells, sunk }) => (
            <ShipSprite
              key={ship}
              ship={ship}
              cells={cells}
              cell={layout.opponent?.cell ?? 0}
              origin={layout.opponent ?? { x: 0, y: 0 }}
              theme={theme}
              look={sunk ? 'sunk' : 'afloat'}
              rules={model.rules}
              interaction={interaction}
            />
          ))}
          <MarksView grid={model.opponentBoats} cell={layout.opponent.cell} theme={theme} last={opponentRings} />
          <OverlayView
            board="opponent"
            cell={layout.opponent.cell}
            theme={theme}
            interaction={interaction}
            draft={null}
            targeting={model.myTurn}
            showCursor={model.cursorBoard === 'opponent'}
            aim={model.aim}
          />
        </BoardView>
      )}
      {layout.player && (
        <BoardView
          board="player"
          placement={layout.player}
          theme={theme}
          active={model.active === 'player'}
          dimmed={false}
          interaction={interaction}
          resolution={model.resolution}
        >
          {drawnShips(model.fleet ?? model.playerShips, model.playerBoats).map(({ ship, cells, sunk }) => (
            <ShipSprite
              key={ship}
              ship={ship}
              cells={cells}
              cell={layout.player?.cell ?? 0}
              origin={layout.player ?? { x: 0, y: 0 }}
              theme={theme}
              look={sunk ? 'sunk' : model.refused?.includes(ship) ? 'refused' : 'afloat'}
              rules={model.rules}
              interaction={interaction}
              draggable={model.editable}
              selected={model.editable && model.selected === ship}
            />
          ))}
          <MarksView grid={model.playerBoats} cell={layout.player.cell} theme={theme} last={playerRings} />
          <OverlayView
            board="player"
            cell={layout.player.cell}
            theme={theme}
            interaction={interaction}
            draft={model.editable ? model.fleet : null}
            targeting={false}
            showCursor={model.cursorBoard === 'player'}
          />
        </BoardView>
      )}
    </>
  );
}
