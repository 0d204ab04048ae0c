import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { NAV_ICONS, type NavIconName } from './nav-icons';

interface NavEntryProps {
  readonly href: string;
  readonly icon: NavIconName;
  readonly label: string;
  /** A shorter name for the phone's tab bar, where five entries share 390 px (the link keeps `label` as its name). */
  readonly shortLabel?: string;
  readonly current: boolean;
  /** Something to count beside the label (unread messages…): a short text, shown as a badge. */
  readonly badge?: ReactNode;
}

/** One entry of the main navigation: a pictogram and its name, a link to a section of the app. */
export function NavEntry({ href, icon, label, shortLabel, current, badge }: NavEntryProps) {
  return (
    <Link
      href={href}
      className="nav-entry"
      aria-current={current ? 'page' : undefined}
      aria-label={shortLabel === undefined ? undefined : label}
    >
      <svg className="nav-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={NAV_ICONS[icon]} fillRule="evenodd" />
      </svg>
      <span className="nav-label">
        {shortLabel === undefined ? (
          label
        ) : (
          <>
            <span className="nav-label-long">{label}</span>
            <span className="nav-label-short">{shortLabel}</span>
          </>
        )}
      </span>
      {badge != null && <span className="nav-badge">{badge}</span>}
    </Link>
  );
}
