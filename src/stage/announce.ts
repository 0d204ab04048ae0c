import { coordLabel, type ShipKey, shipKind } from '../game';
import type { Announcement } from './effects-plan';

/**
 * Texts for the ARIA live region. Pure: takes a translate function so tests check the keys and
 * values without i18next, and the component passes react-i18next's `t` for the 'stage' namespace.
 */
export type Translate = (key: string, values?: Record<string, string>) => string;

export function shipName(t: Translate, ship: ShipKey): string {
  return t(`ships.${shipKind(ship)}`);
}

export function announcementText(t: Translate, a: Announcement): string {
  switch (a.kind) {
    case 'shot':
      return t(a.mine ? 'announce.shotMine' : 'announce.shotTheirs', {
        cell: coordLabel(a.cell),
        result: t(`result.${a.result}`),
      });
    case 'sunk':
      return t(a.mine ? 'announce.sunkMine' : 'announce.sunkTheirs', { ship: shipName(t, a.ship) });
    case 'turn':
      return t(a.mine ? 'announce.turnMine' : 'announce.turnTheirs');
    case 'winner':
      return t('announce.winner', { username: a.username });
  }
}

/** One line for several announcements of the same change, read in order. */
export function joinAnnouncements(t: Translate, list: readonly Announcement[]): string {
  return list.map((a) => announcementText(t, a)).join('. ');
}
