import {
  CLASSIC_RULES,
  type Coord,
  type GameStatus,
  type Rules,
  type ShipKey,
  type ShipMap,
  type ShotStats,
  shotStats,
} from '../game';
import { checkPlacement } from '../app/rules/placement-check';
import type { StageSnapshot } from './effects-plan';
import { enemyFleetStatus, ownFleetStatus, type ShipStatus } from './fleet-status';
import type { KeyMode } from './keyboard';
import type { LastShots } from './last-shots';
import type { BoardId, StageLayout } from './layout';
import type { SceneModel } from './Scene';
import type { StageTheme } from './theme';

/**
 * The game stage as a function of what it is given (chessground's headless state): the app hands
 * the player's view in as a prop, and everything the stage shows or accepts is derived from it
 * here, without React or Pixi.
 */
export interface GameStageView extends StageSnapshot {
  /** The fleet being arranged during placement. */
  readonly draft: ShipMap;
  /** The draft may be arranged now (placement, fleet not yet sent). */
  readonly editable: boolean;
  /** This player has to shoot now. */
  readonly myTurn: boolean;
  /** The room's rules (classic when absent): the fleet drawn, no-touch placement, salvos. */
  readonly rules?: Rules;
  /** Salvo: the opponent cells aimed at this turn, fired together. */
  readonly aim?: readonly Coord[];
}

export interface StageState {
  readonly status: GameStatus | null;
  /** Own fleet as drawn: the draft while it is arranged, the placed fleet afterwards. */
  readonly fleet: ShipMap | null;
  /** What the keyboard does (keyboard.ts). */
  readonly mode: KeyMode;
  /** The 'stage' namespace key of the canvas's accessible name. */
  readonly labelKey: string;
  readonly playing: boolean;
  /** The grid the player acts on now, framed. */
  readonly active: BoardId | null;
  readonly rules: Rules;
  /** Draft ships the rules refuse where they lie (they touch under no-touch rules), while placing. */
  readonly refused: readonly ShipKey[];
}

export function stageState(view: GameStageView): StageState {
  const status = view.gameStatus;
  const fleet =
    status === 'PLACE_SHIPS' ? (view.editable ? view.draft : (view.shipsIndexes ?? view.draft)) : view.shipsIndexes;
  const mode: KeyMode = view.editable
    ? 'place'
    : status === 'PLAY'
      ? view.myTurn
        ? 'shoot'
        : 'watch'
      : status === 'ENDED'
        ? 'watch'
        : 'none';
  const labelKey = view.editable
    ? 'canvas.place'
    : status === 'PLAY'
      ? 'canvas.play'
      : status === 'ENDED'
        ? 'canvas.ended'
        : 'canvas.idle';
  const playing = status === 'PLAY';
  const rules = view.rules ?? CLASSIC_RULES;
  const refused = view.editable ? checkPlacement(view.draft, rules).refused : [];
  return { status, fleet, mode, labelKey, playing, active: playing && view.myTurn ? 'opponent' : null, rules, refused };
}

/**
 * The keyboard cursor shows on the opponent's grid while the stage has focus, the game is on and the
 * keyboard is in use: after a click its square stayed on the cell clicked, where it read as the
 * marker of the last shot (issue 36) once the opponent had fired elsewhere.
 */
export function showsCursor(state: StageState, focused: boolean, keyboard: boolean): boolean {
  return focused && keyboard && (state.mode === 'shoot' || state.mode === 'watch');
}

/** What only the component knows: its measured layout, colours, pixel ratio, focus and selection. */
export interface SceneFrame {
  readonly layout: StageLayout;
  readonly theme: StageTheme;
  readonly resolution: number;
  readonly focused: boolean;
  /** The keyboard was used since the pointer last pressed: the cursor is shown. */
  readonly keyboard: boolean;
  /** The last shot at each grid (last-shots.ts), remembered by the stage from view to view. */
  readonly lastShots: LastShots;
  /** A ship is being dragged (its selection shows even without focus). */
  readonly dragging: boolean;
  readonly selected: SceneModel['selected'];
}

export function sceneModel(view: GameStageView, state: StageState, frame: SceneFrame): SceneModel {
  return {
    layout: frame.layout,
    theme: frame.theme,
    fleet: state.fleet,
    editable: view.editable,
    selected: frame.focused || frame.dragging ? frame.selected : null,
    playerBoats: view.playerBoats,
    opponentBoats: view.opponentBoats,
    opponentShips: view.opponentShipsIndexes,
    myTurn: view.myTurn,
    playing: state.playing,
    cursorBoard: showsCursor(state, frame.focused, frame.keyboard) ? 'opponent' : null,
    active: state.active,
    resolution: frame.resolution,
    rules: state.rules,
    refused: state.refused,
    aim: view.myTurn ? (view.aim ?? []) : [],
    lastShots: frame.lastShots,
  };
}

/** The band above one grid (BoardHeader): whose it is, its fleet tracker and the shots fired at it. */
export interface HeaderModel {
  readonly board: BoardId;
  /** The 'stage' namespace key of its title. */
  readonly titleKey: string;
  readonly fleet: readonly ShipStatus[];
  readonly stats: ShotStats | null;
  readonly active: boolean;
  readonly rules: Rules;
}

export function headerModels(view: GameStageView, state: StageState): Record<BoardId, HeaderModel> {
  return {
    opponent: {
      board: 'opponent',
      titleKey: 'titles.opponent',
      fleet: enemyFleetStatus(view.opponentShipsIndexes, view.opponentBoats, state.rules),
      stats: shotStats(view.opponentBoats),
      active: state.active === 'opponent',
      rules: state.rules,
    },
    player: {
      board: 'player',
      titleKey: 'titles.player',
      fleet: ownFleetStatus(state.fleet, view.playerBoats, state.rules),
      // No shot can have been fired at the fleet being placed.
      stats: state.status === 'PLACE_SHIPS' ? null : shotStats(view.playerBoats),
      active: false,
      rules: state.rules,
    },
  };
}
