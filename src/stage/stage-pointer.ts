import type { PointerEvent, RefObject } from 'react';
import type { Coord, ShipKey } from '../game';
import type { Point } from './geometry';
import type { Interaction } from './interaction';
import type { StageLayout } from './layout';
import { clickTarget, dragTo, hoverTarget, pressShip, release } from './pointer';
import type { GameStageView } from './stage-model';

/** What a pointer gesture asks the stage to do; the stage applies it through the app's callbacks. */
export interface PointerActions {
  readonly select: (ship: ShipKey) => void;
  readonly move: (ship: ShipKey, to: Coord) => void;
  readonly rotate: (ship: ShipKey) => void;
  readonly shoot: (at: Coord) => void;
}

export interface PointerHandlers {
  readonly onPointerDown: (e: PointerEvent<HTMLElement>) => void;
  readonly onPointerMove: (e: PointerEvent<HTMLElement>) => void;
  readonly onPointerUp: (e: PointerEvent<HTMLElement>) => void;
  readonly onPointerCancel: () => void;
  readonly onPointerLeave: () => void;
  readonly onClick: (e: { clientX: number; clientY: number }) => void;
}

/**
 * DOM pointer events → pointer.ts → actions. The drag and the hover live in the interaction ref the
 * scene's ticker reads, so a drag moves a ship without a React render per event.
 */
export function stagePointerHandlers(input: {
  readonly view: GameStageView;
  readonly layout: StageLayout;
  readonly interaction: RefObject<Interaction>;
  /** The stage point under a client position, or null before the canvas exists. */
  readonly pointOf: (e: { clientX: number; clientY: number }) => Point | null;
  /** Called on every press: the stage takes the focus so the keyboard follows. */
  readonly onPress: () => void;
  readonly actions: PointerActions;
}): PointerHandlers {
  const { view, layout, interaction, pointOf, onPress, actions } = input;
  return {
    onPointerDown: (e) => {
      onPress();
      const p = pointOf(e);
      const grid = layout.player;
      if (!p || !grid || !view.editable || e.button !== 0) return;
      const drag = pressShip(grid, p, view.draft, e.pointerId);
      if (!drag) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      interaction.current.drag = drag;
      actions.select(drag.ship);
    },
    onPointerMove: (e) => {
      const p = pointOf(e);
      if (!p) return;
      const state = interaction.current;
      const drag = state.drag;
      if (drag && drag.pointerId === e.pointerId && layout.player) {
        state.drag = dragTo(drag, layout.player, p, view.draft);
        return;
      }
      if (layout.opponent) state.hover = hoverTarget(layout.opponent, p, view.opponentBoats, view.myTurn);
    },
    onPointerUp: (e) => {
      const drag = interaction.current.drag;
      if (!drag || drag.pointerId !== e.pointerId) return;
      interaction.current.drag = null;
      const outcome = release(drag, view.draft);
      // A refused drop changes nothing (docs/game.md, The rules); the sprite then glides back to its cell.
      if (outcome.kind === 'move') actions.move(outcome.ship, outcome.to);
      else if (outcome.kind === 'rotate') actions.rotate(outcome.ship);
    },
    onPointerCancel: () => {
      interaction.current.drag = null;
    },
    onPointerLeave: () => {
      interaction.current.hover = null;
    },
    onClick: (e) => {
      const p = pointOf(e);
      const target = p && layout.opponent ? clickTarget(layout.opponent, p, view.gameStatus) : null;
      if (target) actions.shoot(target);
    },
  };
}
