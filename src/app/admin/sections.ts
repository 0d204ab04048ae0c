import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithTexts } from '../i18n/lazy-with-texts';

/**
 * The sections of the moderators' page (/admin; docs/game.md, "Moderation"), in the order of its
 * tabs. A capability adds its own with one entry here: its id (the page /admin?section=<id>), the key of
 * its name in the translations, and its component, a chunk of its own.
 */
export interface AdminSection {
  readonly id: string;
  readonly labelKey: string;
  readonly Page: LazyExoticComponent<ComponentType>;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'reports', labelKey: 'admin.sections.reports', Page: lazyWithTexts(() => import('./ReportsSection')) },
  { id: 'audit', labelKey: 'admin.sections.audit', Page: lazyWithTexts(() => import('./AuditSection')) },
  { id: 'operations', labelKey: 'operations.section', Page: lazyWithTexts(() => import('./OperationsSection')) },
];

/** The section a path names, or the first one for /admin itself; null for a name no section has. */
export function adminSection(id: string | undefined): AdminSection | null {
  if (id === undefined || id === '') return ADMIN_SECTIONS[0] ?? null;
  return ADMIN_SECTIONS.find((section) => section.id === id) ?? null;
}
