import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nReady, loadTexts } from '../../../src/app/i18n/setup';
import { TurnIndicator } from '../../../src/app/components/game/TurnIndicator';
import { gameStore, resetGameStore, toggleAim } from '../../../src/app/stores/game';
import {
  type Cell,
  coordOf,
  createRng,
  emptyGrid,
  makeRules,
  randomFleet,
  turnShots,
  turnShotsOfView,
} from '../../../src/game';
import { alice, bob } from './fake-room';

afterEach(() => {
  cleanup();
  resetGameStore(null, null);
});

// The game's texts load with the game page in the app (src/app/i18n/setup.ts): here, before any render.
await Promise.all([i18nReady, loadTexts('later')]);

const SALVO = makeRules({ shots: 'salvo' });

/** The opponent grid with every cell shot (M) but the `left` last ones. */
function gridLeaving(left: number): Cell[][] {
  const grid = emptyGrid();
  for (let i = 0; i < 100 - left; i++) {
    const { x, y } = coordOf(i);
    (grid[y] as Cell[])[x] = 'M';
  }
  return grid;
}

function myTurnIn(opponentBoats: Cell[][]): void {
  resetGameStore(alice.userId, 'calm-whale-7');
  Object.assign(gameStore, {
    gameStatus: 'PLAY',
    members: [{ ...alice, hasToPlay: true }, bob],
    match: { ...gameStore.match, rules: SALVO },
    shipsIndexes: randomFleet(createRng(5), SALVO),
    opponentBoats,
  });
}

describe("the salvo counter follows src/game's turnShots", () => {
  it('asks for one shot per ship afloat while the water lasts', () => {
    myTurnIn(emptyGrid());
    render(<TurnIndicator />);
    const count = screen.getByRole('status');
    expect(count.getAttribute('data-limit')).toBe('5');
    expect(count.textContent).toContain('5');
  });

  it('asks for no more shots than cells left unshot, and lets that salvo be fired', async () => {
    myTurnIn(gridLeaving(3));
    const expected = turnShots(
      turnShotsOfView(SALVO, gameStore.shipsIndexes, gameStore.playerBoats, gameStore.opponentBoats),
    );
    expect(expected).toBe(3);
    render(<TurnIndicator />);
    expect(screen.getByRole('status').getAttribute('data-limit')).toBe('3');
    await act(async () => {
      for (const i of [97, 98, 99]) expect(toggleAim(coordOf(i))).toBe('aimed');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('status').getAttribute('data-aimed')).toBe('3');
    expect(screen.getByText('3 / 3 aimed')).toBeTruthy();
  });
});
