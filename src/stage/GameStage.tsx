import { Application, type ApplicationRef } from '@pixi/react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Application as PixiApplication, RendererType } from 'pixi.js';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { canEditDraft, gameStore, isMyTurn, moveDraftShip, rotateDraftShip } from '../app/stores/game';
import { preferencesStore } from '../app/stores/preferences';
import { type Coord, coordLabel, moveShip, orientationOf, sameCoord, shipAt, type ShipKey } from '../game';
import { joinAnnouncements, shipName, type Translate } from './announce';
import { SILENT, type Spoken, speak, type Voice } from './announcer';
import { planEffects, type StageSnapshot, toStageSnapshot } from './effects-plan';
import { clientToStage, isDrag, type Point, pointToCell, snapFirstCell } from './geometry';
import { createInteraction } from './interaction';
import { INITIAL_KEY_STATE, type KeyCommand, type KeyMode, type KeyState, reduceKey } from './keyboard';
import { BoardHeader } from './BoardHeader';
import { enemyFleetStatus, ownFleetStatus, shotStats } from './fleet-status';
import { boardsFor, computeLayout, layoutAttribute } from './layout';
import { Scene, type SceneModel } from './Scene';
import { stageRenderer } from './renderer-choice';
import { playCue, stopAllCues } from './sounds';
import { useDevicePixelRatio } from './use-device-pixel-ratio';
import { useStageSize } from './use-stage-size';
import { useStageTheme } from './use-stage-theme';

function rendererName(type: RendererType): string {
  if (type === RendererType.WEBGL) return 'webgl';
  if (type === RendererType.CANVAS) return 'canvas';
  return 'webgpu';
}

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/**
 * The game's PixiJS stage: a function of the game store (docs/architecture.md). It draws the grids the
 * status calls for, turns pointer and keyboard input into the store's actions (which apply the
 * rules) and plays effects, sounds and announcements planned from each state change.
 */
export interface GameStageProps {
  /** Fires at a cell of the opponent's grid; false when the shot may not leave (not this player's turn, a cell already shot). */
  readonly onShoot: (target: Coord) => boolean;
  /** Shown in the layout's free slot (the placement panel). */
  readonly panel?: ReactNode;
}

export default function GameStage({ onShoot, panel = null }: GameStageProps) {
  const snap = useSnapshot(gameStore);
  const { muted } = useSnapshot(preferencesStore);
  const { t } = useTranslation('stage');
  const translate = useCallback<Translate>((key, values) => String(t(key, values ?? {})), [t]);

  const areaRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const appRef = useRef<ApplicationRef>(null);
  const interaction = useRef(createInteraction());
  const size = useStageSize(areaRef);
  const theme = useStageTheme();
  const resolution = useDevicePixelRatio();
  // @pixi/react 8.0.5 types `preference` as 'webgl' | 'webgpu', written before Pixi brought its
  // canvas renderer back; Pixi 8.22's autoDetectRenderer takes 'canvas' and @pixi/react passes the
  // option through unchanged. data-renderer reports what Pixi actually made.
  const preference = useMemo(stageRenderer, []) as 'webgl';
  const [renderer, setRenderer] = useState('');
  const [keys, setKeys] = useState<KeyState>(INITIAL_KEY_STATE);
  const [focused, setFocused] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // @pixi/react renders the children of its first call once init resolves; a render after init
  // makes sure the scene shows the current layout rather than the one from before the first measure.
  const [ready, setReady] = useState(false);
  const onInit = useCallback((app: PixiApplication) => {
    setRenderer(rendererName(app.renderer.type));
    setReady(true);
  }, []);

  const status = snap.gameStatus;
  const layout = useMemo(
    () => computeLayout({ width: size.width, height: size.height, boards: boardsFor(status) }),
    [size.width, size.height, status],
  );
  const editable = canEditDraft(snap);
  const myTurn = isMyTurn(snap);
  const fleet =
    status === 'PLACE_SHIPS' ? (editable ? snap.draft : (snap.shipsIndexes ?? snap.draft)) : snap.shipsIndexes;
  const mode: KeyMode = editable
    ? 'place'
    : status === 'PLAY'
      ? myTurn
        ? 'shoot'
        : 'watch'
      : status === 'ENDED'
        ? 'watch'
        : 'none';

  // The live region holds one short current message (announcer.ts).
  const spoken = useRef<Spoken>(SILENT);
  const say = useCallback((text: string, voice: Voice = 'player') => {
    spoken.current = speak(spoken.current, text, voice, performance.now());
    setAnnouncement(spoken.current.text);
  }, []);

  // A new phase starts with no selection, no cursor and no half-finished drag.
  // biome-ignore lint/correctness/useExhaustiveDependencies: status is the trigger, not an input
  useEffect(() => {
    setKeys(INITIAL_KEY_STATE);
    interaction.current.drag = null;
    interaction.current.hover = null;
  }, [status]);
  useEffect(() => {
    interaction.current.cursor = focused && (mode === 'shoot' || mode === 'watch') ? keys.cursor : null;
  }, [focused, mode, keys.cursor]);
  useEffect(() => {
    if (!myTurn) interaction.current.hover = null;
  }, [myTurn]);

  // Effects, sounds and announcements come from the difference between two store states.
  const previous = useRef<StageSnapshot | null>(null);
  const watchedPlay = useRef(false);
  useEffect(() => {
    const next = toStageSnapshot(snap);
    if (next.gameStatus === 'PLAY') watchedPlay.current = true;
    else if (next.gameStatus !== 'ENDED') watchedPlay.current = false;
    const plan = planEffects(previous.current, next, watchedPlay.current);
    previous.current = next;
    const now = performance.now();
    plan.effects.forEach((effect, i) => {
      interaction.current.effects.push({ effect, start: now, seed: i * 3.1 + now });
    });
    for (const cue of plan.sounds) playCue(cue, preferencesStore.muted);
    if (plan.announcements.length > 0) say(joinAnnouncements(translate, plan.announcements), 'game');
  }, [snap, translate, say]);
  useEffect(() => {
    if (muted) stopAllCues();
  }, [muted]);

  const label = translate(
    editable ? 'canvas.place' : status === 'PLAY' ? 'canvas.play' : status === 'ENDED' ? 'canvas.ended' : 'canvas.idle',
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: ready re-applies the label once Pixi owns the canvas
  useEffect(() => {
    const canvas = appRef.current?.getCanvas();
    if (!canvas) return;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label);
    canvas.style.display = 'block';
  }, [label, ready]);

  const pointOf = (e: { clientX: number; clientY: number }): Point | null => {
    // Layout coordinates are relative to the canvas, which the container centres.
    const el = appRef.current?.getCanvas() ?? wrapperRef.current;
    return el ? clientToStage({ x: e.clientX, y: e.clientY }, el.getBoundingClientRect()) : null;
  };

  const shake = (ship: ShipKey) => interaction.current.shakes.set(ship, performance.now());

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    wrapperRef.current?.focus({ preventScroll: true });
    const p = pointOf(e);
    const grid = layout.player;
    if (!p || !grid || !editable || e.button !== 0) return;
    const cell = pointToCell(grid, p);
    const ship = cell ? shipAt(gameStore.draft, cell) : undefined;
    const first = ship ? gameStore.draft[ship]?.[0] : undefined;
    if (!ship || !first) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    interaction.current.drag = {
      ship,
      pointerId: e.pointerId,
      grab: { x: p.x - (grid.x + first.x * grid.cell), y: p.y - (grid.y + first.y * grid.cell) },
      start: p,
      pointer: p,
      dragging: false,
      target: first,
      valid: true,
    };
    setKeys((k) => ({ ...k, selected: ship }));
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const p = pointOf(e);
    if (!p) return;
    const state = interaction.current;
    const drag = state.drag;
    const grid = layout.player;
    if (drag && drag.pointerId === e.pointerId && grid) {
      drag.pointer = p;
      if (!drag.dragging && isDrag(drag.start, p, grid.cell)) drag.dragging = true;
      if (drag.dragging) {
        const target = snapFirstCell(grid, p, drag.grab);
        if (!sameCoord(target, drag.target) || !drag.valid) {
          const home = gameStore.draft[drag.ship]?.[0];
          drag.target = target;
          drag.valid =
            (home !== undefined && sameCoord(home, target)) || moveShip(gameStore.draft, drag.ship, target).ok;
        }
      }
      return;
    }
    if (layout.opponent && isMyTurn(gameStore)) {
      const cell = pointToCell(layout.opponent, p);
      state.hover = cell && gameStore.opponentBoats[cell.y]?.[cell.x] === 'E' ? cell : null;
    }
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const drag = interaction.current.drag;
    if (!drag || drag.pointerId !== e.pointerId) return;
    interaction.current.drag = null;
    const name = shipName(translate, drag.ship);
    if (drag.dragging) {
      const home = gameStore.draft[drag.ship]?.[0];
      if (home && sameCoord(home, drag.target)) return;
      // A refused drop changes nothing (docs/game.md, The rules); the sprite then glides back to its cell.
      const moved = moveDraftShip(drag.ship, drag.target);
      say(translate(moved.ok ? 'announce.moved' : 'announce.refused', { ship: name, cell: coordLabel(drag.target) }));
    } else {
      rotate(drag.ship);
    }
  };

  const rotate = (ship: ShipKey) => {
    const rotated = rotateDraftShip(ship);
    const name = shipName(translate, ship);
    if (!rotated.ok) {
      shake(ship);
      say(translate('announce.refused', { ship: name }));
      return;
    }
    say(
      translate('announce.rotated', {
        ship: name,
        orientation: translate(`orientation.${orientationOf(rotated.value[ship] ?? [])}`),
      }),
    );
  };

  const onPointerCancel = () => {
    interaction.current.drag = null;
  };

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const p = pointOf(e);
    if (!p || !layout.opponent || gameStore.gameStatus !== 'PLAY') return;
    const cell = pointToCell(layout.opponent, p);
    if (!cell) return;
    setKeys((k) => ({ ...k, cursor: cell }));
    onShoot(cell);
  };

  const runCommand = (command: KeyCommand) => {
    switch (command.type) {
      case 'select': {
        const cells = gameStore.draft[command.ship];
        const first = cells?.[0];
        if (cells && first) {
          say(
            translate('announce.selected', {
              ship: shipName(translate, command.ship),
              cell: coordLabel(first),
              orientation: translate(`orientation.${orientationOf(cells)}`),
            }),
          );
        }
        return;
      }
      case 'move': {
        const moved = moveDraftShip(command.ship, command.to);
        const name = shipName(translate, command.ship);
        if (!moved.ok) shake(command.ship);
        say(translate(moved.ok ? 'announce.moved' : 'announce.refused', { ship: name, cell: coordLabel(command.to) }));
        return;
      }
      case 'rotate':
        rotate(command.ship);
        return;
      case 'cursor': {
        const code = gameStore.opponentBoats[command.at.y]?.[command.at.x];
        const cell = coordLabel(command.at);
        say(
          code && code !== 'E' ? translate('announce.cursorShot', { cell, result: translate(`result.${code}`) }) : cell,
        );
        return;
      }
      case 'shoot':
        if (!onShoot(command.at))
          say(
            translate(isMyTurn(gameStore) ? 'announce.cursorShot' : 'announce.notYourTurn', {
              cell: coordLabel(command.at),
              result: translate(`result.${gameStore.opponentBoats[command.at.y]?.[command.at.x] ?? 'M'}`),
            }),
          );
        return;
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const outcome = reduceKey(keys, { key: e.key, shiftKey: e.shiftKey }, mode, (ship) => gameStore.draft[ship]?.[0]);
    setKeys(outcome.state);
    if (outcome.handled) e.preventDefault();
    if (outcome.command) runCommand(outcome.command);
  };

  const model: SceneModel = {
    layout,
    theme,
    fleet,
    editable,
    selected: focused || interaction.current.drag ? keys.selected : null,
    playerBoats: snap.playerBoats,
    opponentBoats: snap.opponentBoats,
    opponentShips: snap.opponentShipsIndexes,
    myTurn,
    playing: status === 'PLAY',
    cursorBoard: focused && (mode === 'shoot' || mode === 'watch') ? 'opponent' : null,
    active: status === 'PLAY' && myTurn ? 'opponent' : null,
    resolution,
  };

  const compact = layout.arrangement === 'stacked';
  const ownFleet = ownFleetStatus(fleet, snap.playerBoats);
  const headers = [
    layout.blocks.opponent && (
      <BoardHeader
        key="opponent"
        board="opponent"
        rect={layout.blocks.opponent}
        height={layout.headerHeight}
        title={translate('titles.opponent')}
        fleet={enemyFleetStatus(snap.opponentShipsIndexes, snap.opponentBoats)}
        stats={shotStats(snap.opponentBoats)}
        active={model.active === 'opponent'}
        compact={compact}
      />
    ),
    layout.blocks.player && (
      <BoardHeader
        key="player"
        board="player"
        rect={layout.blocks.player}
        height={layout.headerHeight}
        title={translate('titles.player')}
        fleet={ownFleet}
        stats={status === 'PLACE_SHIPS' ? null : shotStats(snap.playerBoats)}
        active={false}
        compact={compact}
      />
    ),
  ];

  return (
    <div ref={areaRef} className="stage-area">
      <div className="stage-frame" style={{ width: layout.width, height: layout.height }}>
        <div
          ref={wrapperRef}
          data-testid="stage"
          data-layout={layoutAttribute(layout)}
          data-renderer={renderer}
          data-status={status ?? ''}
          data-fleet={fleet ? JSON.stringify(fleet) : ''}
          className="stage"
          role="application"
          aria-label={label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the stage is an application region driven by keys
          tabIndex={0}
          style={{
            position: 'absolute',
            inset: 0,
            // Dragging ships needs every touch move; in play the page may still scroll on a phone.
            touchAction: editable ? 'none' : 'manipulation',
            cursor: myTurn ? 'crosshair' : 'default',
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onPointerLeave={() => {
            interaction.current.hover = null;
          }}
          onClick={onClick}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
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
            <Scene model={model} interaction={interaction} />
          </Application>
          <div aria-live="polite" aria-atomic="true" data-testid="stage-announcer" style={visuallyHidden}>
            {announcement}
          </div>
        </div>
        {headers}
        {layout.spare && panel && (
          <div
            className="stage-panel"
            style={{
              left: layout.spare.x,
              top: layout.spare.y,
              width: layout.spare.width,
              height: layout.spare.height,
            }}
          >
            {panel}
          </div>
        )}
      </div>
    </div>
  );
}
