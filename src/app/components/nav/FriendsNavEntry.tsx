import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { badgeText, peopleBadgeCount } from '../../people/people-logic';
import { ROUTES } from '../../routing/paths';
import { peopleStore } from '../../stores/people';
import { NavEntry } from './NavEntry';

/** Friends in the main navigation, with what waits there: friend requests and unread messages. */
export function FriendsNavEntry({ current }: { readonly current: boolean }) {
  const { t } = useTranslation();
  const { incoming, unread } = useSnapshot(peopleStore);
  const count = peopleBadgeCount(incoming.length, unread);
  const badge = badgeText(count);
  return (
    <NavEntry
      href={ROUTES.friends}
      icon="friends"
      label={t('nav.friends')}
      current={current}
      badge={
        badge && (
          <>
            <span aria-hidden="true">{badge}</span>
            <span className="visually-hidden">{t('friends.badge', { count })}</span>
          </>
        )
      }
    />
  );
}
