import { Application, type ApplicationRef } from '@pixi/react';
import { type Application as PixiApplication, RendererType } from 'pixi.js';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Coord,
  fleetKeys,
  type PlacementError,
  type Result,
  type ShipKey,
  type ShipMap,
  shotStats,
} from '../game';
import { cursorText, moveText, refusedShotText, rotateText, selectedText, type Translate } from './announce';
import { BoardHeader } from './BoardHeader';
import { clientToStage, type Point } from './geometry';
import { createInteraction } from './interaction';
import { INITIAL_KEY_STATE, type KeyCommand, type KeyState, reduceKey } from './keyboard';
import { boardsFor, computeLayout, layoutAttribute } from './layout';
import { stageRenderer } from './renderer-choice';
import { shownView } from './mark-beats';
import { Scene } from './Scene';
import { stagePointerHandlers } from './stage-pointer';
import { type GameStageView, headerModels, sceneModel, showsCursor, stageState } from './stage-model';
import { useAnnouncer } from './use-announcer';
import { useLastShots } from './use-last-shots';
import { useDevicePixelRatio } from './use-device-pixel-ratio';
import { useStageEffects } from './use-stage-effects';
import { useStageSize } from './use-stage-size';
import { useStageTheme } from './use-stage-theme';

export type { GameStageView } from './stage-model';

/** A placement change as the app applied it: the new fleet, or why the rules refused it. */
export type PlacementResult = Result<ShipMap, PlacementError | 'LOCKED'>;

/**
 * The game stage's whole surface: the view in as props, the player's actions out as callbacks
 * (docs/architecture.md). It imports no app store; the app applies the rules behind the callbacks.
 */
export interface GameStageProps {
  readonly view: GameStageView;
  /** Fires at a cell of the opponent's grid; false when the shot may not leave (not this player's turn, a cell already shot). */
  readonly onShoot: (target: Coord) => boolean;
  /** Placement: moves a ship of the draft so that its first cell is `to`. */
  readonly onMoveShip: (ship: ShipKey, to: Coord) => PlacementResult;
  /** Placement: turns a ship of the draft around its first cell. */
  readonly onRotateShip: (ship: ShipKey) => PlacementResult;
  readonly muted: boolean;
  /** The theme's name: the colours are read from the page's CSS variables again when it changes. */
  readonly theme: string;
  /** Shown in the layout's free slot (the placement panel). */
  readonly panel?: ReactNode;
  /**
   * Salvo (docs/game.md, "Rule variants"): fires every aimed shot at once (the F key). Under salvo
   * rules `onShoot` aims at a cell, or takes its aim back, instead of firing.
   */
  readonly onFire?: () => void;
}

/** Whether the browser shows focus on `el` as the keyboard's (:focus-visible; false where unknown). */
function focusVisible(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return false;
  }
}

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
 * The game's PixiJS stage: a function of its props (docs/architecture.md). It draws the grids the
 * status calls for (stage-model.ts), turns pointer (stage-pointer.ts) and keyboard (keyboard.ts)
 * input into the callbacks, and plays effects, sounds and announcements (use-stage-effects.ts,
 * announcer.ts) planned from each change of the view.
 */
export default function GameStage(props: GameStageProps) {
  const { view, onShoot, onMoveShip, onRotateShip, onFire, muted, panel = null } = props;
  const { t } = useTranslation('stage');
  const translate = useCallback<Translate>((key, values) => String(t(key, values ?? {})), [t]);

  const areaRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const appRef = useRef<ApplicationRef>(null);
  const interaction = useRef(createInteraction());
  const size = useStageSize(areaRef);
  const theme = useStageTheme(props.theme);
  const resolution = useDevicePixelRatio();
  // @pixi/react 8.0.5 types `preference` as 'webgl' | 'webgpu', written before Pixi brought its
  // canvas renderer back; Pixi 8.22's autoDetectRenderer takes 'canvas' and @pixi/react passes the
  // option through unchanged. data-renderer reports what Pixi actually made.
  const preference = useMemo(stageRenderer, []) as 'webgl';
  const [renderer, setRenderer] = useState('');
  const [keys, setKeys] = useState<KeyState>(INITIAL_KEY_STATE);
  const [focused, setFocused] = useState(false);
  // The cursor is the keyboard's: a pointer's press hides it until a key is used again.
  const [keyboard, setKeyboard] = useState(false);
  const { announcement, say } = useAnnouncer();
  // @pixi/react renders the children of its first call once init resolves; a render after init
  // makes sure the scene shows the current layout rather than the one from before the first measure.
  const [ready, setReady] = useState(false);
  const onInit = useCallback((app: PixiApplication) => {
    setRenderer(rendererName(app.renderer.type));
    setReady(true);
  }, []);

  const state = stageState(view);
  const { status, fleet, mode } = state;
  const layout = useMemo(
    () => computeLayout({ width: size.width, height: size.height, boards: boardsFor(status) }),
    [size.width, size.height, status],
  );

  // A new phase starts with no selection, no cursor and no half-finished drag.
  // biome-ignore lint/correctness/useExhaustiveDependencies: status is the trigger, not an input
  useEffect(() => {
    setKeys(INITIAL_KEY_STATE);
    interaction.current.drag = null;
    interaction.current.hover = null;
  }, [status]);
  const cursorShown = showsCursor(state, focused, keyboard);
  useEffect(() => {
    interaction.current.cursor = cursorShown ? keys.cursor : null;
  }, [cursorShown, keys.cursor]);
  useEffect(() => {
    if (!view.myTurn) interaction.current.hover = null;
  }, [view.myTurn]);

  const holds = useStageEffects(view, interaction, { muted, translate, say, rules: state.rules });
  const lastShots = useLastShots(view);
  // What is drawn: a salvo's marks (and the ships it sank) appear as their shots land.
  const shown = shownView(view, holds, performance.now());

  const label = translate(state.labelKey);
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

  // What the player does, applied through the app's callbacks and answered in the live region.
  const moveShip = (ship: ShipKey, to: Coord) => {
    const moved = onMoveShip(ship, to);
    if (!moved.ok) interaction.current.shakes.set(ship, performance.now());
    say(moveText(translate, ship, to, moved.ok, state.rules));
  };
  const rotateShip = (ship: ShipKey) => {
    const rotated = onRotateShip(ship);
    if (!rotated.ok) interaction.current.shakes.set(ship, performance.now());
    say(rotateText(translate, ship, rotated.ok ? (rotated.value[ship] ?? null) : null, state.rules));
  };
  const shoot = (at: Coord) => {
    const code = view.opponentBoats[at.y]?.[at.x];
    if (!onShoot(at)) say(refusedShotText(translate, at, code, view.myTurn));
  };

  const pointer = stagePointerHandlers({
    view,
    layout,
    interaction,
    pointOf,
    onPress: () => {
      setKeyboard(false);
      wrapperRef.current?.focus({ preventScroll: true });
    },
    actions: {
      select: (ship) => setKeys((k) => ({ ...k, selected: ship })),
      // A drop off the grid's rules is refused without a shake: the sprite glides back instead.
      move: (ship, to) => {
        const moved = onMoveShip(ship, to);
        say(moveText(translate, ship, to, moved.ok, state.rules));
      },
      rotate: rotateShip,
      shoot: (at) => {
        setKeys((k) => ({ ...k, cursor: at }));
        onShoot(at);
      },
    },
  });

  const runCommand = (command: KeyCommand) => {
    switch (command.type) {
      case 'select': {
        const text = selectedText(translate, command.ship, view.draft[command.ship] ?? [], state.rules);
        if (text) say(text);
        return;
      }
      case 'move':
        moveShip(command.ship, command.to);
        return;
      case 'rotate':
        rotateShip(command.ship);
        return;
      case 'cursor':
        say(cursorText(translate, command.at, view.opponentBoats[command.at.y]?.[command.at.x]));
        return;
      case 'shoot':
        shoot(command.at);
        return;
      case 'fire':
        onFire?.();
        return;
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    setKeyboard(true);
    const outcome = reduceKey(
      keys,
      { key: e.key, shiftKey: e.shiftKey },
      mode,
      (ship) => view.draft[ship]?.[0],
      fleetKeys(state.rules),
    );
    setKeys(outcome.state);
    if (outcome.handled) e.preventDefault();
    if (outcome.command) runCommand(outcome.command);
  };

  const model = sceneModel(shown, state, {
    layout,
    theme,
    resolution,
    focused,
    keyboard,
    lastShots,
    dragging: interaction.current.drag !== null,
    selected: keys.selected,
  });
  const headerData = headerModels(shown, state);
  const compact = layout.arrangement === 'stacked';
  const headers = (['opponent', 'player'] as const).map((board) => {
    const rect = layout.blocks[board];
    const header = headerData[board];
    return (
      rect && (
        <BoardHeader
          key={board}
          board={board}
          rect={rect}
          height={layout.headerHeight}
          title={translate(header.titleKey)}
          fleet={header.fleet}
          stats={header.stats}
          active={header.active}
          compact={compact}
          rules={header.rules}
        />
      )
    );
  });

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
          data-refused={state.refused.join(',')}
          data-aim={JSON.stringify(view.aim ?? [])}
          data-marks={shotStats(shown.opponentBoats).shots}
          className="stage"
          role="application"
          aria-label={label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the stage is an application region driven by keys
          tabIndex={0}
          style={{
            position: 'absolute',
            inset: 0,
            // Dragging ships needs every touch move; in play the page may still scroll on a phone.
            touchAction: view.editable ? 'none' : 'manipulation',
            cursor: view.myTurn ? 'crosshair' : 'default',
          }}
          {...pointer}
          onKeyDown={onKeyDown}
          onFocus={(e) => {
            setFocused(true);
            // Tabbed in: the cursor shows at once. A press focuses the stage too, without it.
            setKeyboard(focusVisible(e.currentTarget));
          }}
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
