import { describe, expect, it } from 'vitest';
import { emptyGrid, type GameStatus } from '../../../src/game';
import { computeLayout } from '../../../src/stage/layout';
import { type GameStageView, headerModels, sceneModel, showsCursor, stageState } from '../../../src/stage/stage-model';
import { NO_LAST_SHOTS } from '../../../src/stage/last-shots';
import { FALLBACK_THEME } from '../../../src/stage/theme';
import { fixedFleet, verticalFleet } from '../game/helpers';

function view(status: GameStatus | null, patch: Partial<GameStageView> = {}): GameStageView {
  return {
    gameStatus: status,
    userId: 'me',
    members: [
      { userId: 'me', hasToPlay: false },
      { userId: 'foe', hasToPlay: false },
    ],
    playerBoats: emptyGrid(),
    opponentBoats: emptyGrid(),
    shipsIndexes: null,
    opponentShipsIndexes: {},
    battlePlace: null,
    winner: null,
    draft: fixedFleet(),
    editable: false,
    myTurn: false,
    ...patch,
  };
}

describe('what the stage shows and accepts, from its view', () => {
  it('arranges the draft in placement, then shows the fleet sent', () => {
    const arranging = stageState(view('PLACE_SHIPS', { editable: true, shipsIndexes: verticalFleet() }));
    expect(arranging).toMatchObject({ fleet: fixedFleet(), mode: 'place', labelKey: 'canvas.place', active: null });
    const sent = stageState(view('PLACE_SHIPS', { shipsIndexes: verticalFleet() }));
    expect(sent).toMatchObject({ fleet: verticalFleet(), mode: 'none', labelKey: 'canvas.idle' });
    // Sent, but the server has not echoed it yet: the draft stays on screen.
    expect(stageState(view('PLACE_SHIPS')).fleet).toEqual(fixedFleet());
  });

  it('shoots on this player turn, watches otherwise, and frames the grid to act on', () => {
    const mine = stageState(view('PLAY', { myTurn: true, shipsIndexes: fixedFleet() }));
    expect(mine).toMatchObject({ mode: 'shoot', playing: true, active: 'opponent', labelKey: 'canvas.play' });
    expect(mine.fleet).toEqual(fixedFleet());
    expect(stageState(view('PLAY'))).toMatchObject({ mode: 'watch', active: null });
    expect(stageState(view('ENDED'))).toMatchObject({ mode: 'watch', playing: false, labelKey: 'canvas.ended' });
    expect(stageState(view(null))).toMatchObject({ mode: 'none', fleet: null, labelKey: 'canvas.idle' });
  });

  it('shows the keyboard cursor only with focus, in play or at the end', () => {
    expect(showsCursor(stageState(view('PLAY', { myTurn: true })), true, true)).toBe(true);
    expect(showsCursor(stageState(view('PLAY', { myTurn: true })), false, true)).toBe(false);
    expect(showsCursor(stageState(view('ENDED')), true, true)).toBe(true);
    expect(showsCursor(stageState(view('PLACE_SHIPS', { editable: true })), true, true)).toBe(false);
  });

  it('hides the cursor once the pointer pressed (issue 36: the square of a clicked cell read as the last shot)', () => {
    expect(showsCursor(stageState(view('PLAY')), true, false)).toBe(false);
    expect(showsCursor(stageState(view('PLAY', { myTurn: true })), true, false)).toBe(false);
    const v = view('PLAY');
    const layout = computeLayout({ width: 1200, height: 600, boards: ['player', 'opponent'] });
    const frame = {
      layout,
      theme: FALLBACK_THEME,
      resolution: 1,
      selected: null,
      dragging: false,
      lastShots: NO_LAST_SHOTS,
    };
    expect(sceneModel(v, stageState(v), { ...frame, focused: true, keyboard: false }).cursorBoard).toBeNull();
    expect(sceneModel(v, stageState(v), { ...frame, focused: true, keyboard: true }).cursorBoard).toBe('opponent');
  });

  it('shows the selection only while focused or dragging', () => {
    const v = view('PLACE_SHIPS', { editable: true });
    const layout = computeLayout({ width: 1200, height: 600, boards: ['player'] });
    const frame = {
      layout,
      theme: FALLBACK_THEME,
      resolution: 2,
      selected: '1' as const,
      keyboard: true,
      lastShots: NO_LAST_SHOTS,
    };
    const s = stageState(v);
    expect(sceneModel(v, s, { ...frame, focused: false, dragging: false }).selected).toBeNull();
    expect(sceneModel(v, s, { ...frame, focused: true, dragging: false }).selected).toBe('1');
    expect(sceneModel(v, s, { ...frame, focused: false, dragging: true })).toMatchObject({
      selected: '1',
      editable: true,
      fleet: fixedFleet(),
      cursorBoard: null,
      resolution: 2,
    });
  });

  it('gives each grid its header: no shots counted on a fleet being placed', () => {
    const placing = view('PLACE_SHIPS', { editable: true });
    expect(headerModels(placing, stageState(placing)).player.stats).toBeNull();
    const boats = emptyGrid();
    const row = boats[0];
    if (row) {
      row[0] = 'H';
      row[1] = 'M';
    }
    const playing = view('PLAY', { myTurn: true, shipsIndexes: fixedFleet(), opponentBoats: boats });
    const headers = headerModels(playing, stageState(playing));
    expect(headers.opponent).toMatchObject({ titleKey: 'titles.opponent', active: true });
    expect(headers.opponent.stats).toMatchObject({ shots: 2, hits: 1 });
    expect(headers.player).toMatchObject({ titleKey: 'titles.player', active: false });
    expect(headers.player.fleet.every((ship) => ship.state === 'afloat')).toBe(true);
  });
});
