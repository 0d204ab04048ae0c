import { CLASSIC_RULES, type Coord, coordLabel, orientationOf, type Rules, type ShipKey, shipKind } from '../game';
import type { Announcement } from './effects-plan';

/**
 * Texts for the ARIA live region. Pure: takes a translate function so tests check the keys and
 * values without i18next, and the component passes react-i18next's `t` for the 'stage' namespace.
 */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** The ship's class in the room's fleet (ship 1 is a battleship in the classic fleet, a cruiser in a russian one). */
export function shipName(t: Translate, ship: ShipKey, rules: Rules = CLASSIC_RULES): string {
  return t(`ships.${shipKind(ship, rules)}`);
}

export function announcementText(t: Translate, a: Announcement, rules: Rules = CLASSIC_RULES): string {
  switch (a.kind) {
    case 'shot':
      return t(a.mine ? 'announce.shotMine' : 'announce.shotTheirs', {
        cell: coordLabel(a.cell),
        result: t(`result.${a.result}`),
      });
    case 'sunk':
      return t(a.mine ? 'announce.sunkMine' : 'announce.sunkTheirs', { ship: shipName(t, a.ship, rules) });
    case 'turn':
      return t(a.mine ? 'announce.turnMine' : 'announce.turnTheirs');
    case 'winner':
      return t('announce.winner', { username: a.username });
  }
}

/** One line for several announcements of the same change, read in order. */
export function joinAnnouncements(t: Translate, list: readonly Announcement[], rules: Rules = CLASSIC_RULES): string {
  return list.map((a) => announcementText(t, a, rules)).join('. ');
}

/** Placement: a ship picked with the keyboard, where it starts and which way it lies. */
export function selectedText(
  t: Translate,
  ship: ShipKey,
  cells: readonly Coord[],
  rules: Rules = CLASSIC_RULES,
): string | null {
  const first = cells[0];
  if (!first) return null;
  return t('announce.selected', {
    ship: shipName(t, ship, rules),
    cell: coordLabel(first),
    orientation: t(`orientation.${orientationOf(cells)}`),
  });
}

/** Placement: a move to `to` done, or refused by the rules (the ship stays). */
export function moveText(t: Translate, ship: ShipKey, to: Coord, done: boolean, rules: Rules = CLASSIC_RULES): string {
  return t(done ? 'announce.moved' : 'announce.refused', { ship: shipName(t, ship, rules), cell: coordLabel(to) });
}

/** Placement: a rotation done (with the ship's new cells), or refused (null). */
export function rotateText(
  t: Translate,
  ship: ShipKey,
  cells: readonly Coord[] | null,
  rules: Rules = CLASSIC_RULES,
): string {
  const name = shipName(t, ship, rules);
  if (!cells) return t('announce.refused', { ship: name });
  return t('announce.rotated', { ship: name, orientation: t(`orientation.${orientationOf(cells)}`) });
}

/** Play: the keyboard cursor on an opponent's cell, with what is known of it when already shot. */
export function cursorText(t: Translate, at: Coord, code: string | undefined): string {
  const cell = coordLabel(at);
  return code && code !== 'E' ? t('announce.cursorShot', { cell, result: t(`result.${code}`) }) : cell;
}

/** Play: why a shot did not leave: not this player's turn, or a cell already shot. */
export function refusedShotText(t: Translate, at: Coord, code: string | undefined, myTurn: boolean): string {
  if (!myTurn) return t('announce.notYourTurn');
  return t('announce.cursorShot', { cell: coordLabel(at), result: t(`result.${code ?? 'M'}`) });
}
