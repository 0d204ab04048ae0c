import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { acceptRequest, addFriend, withdrawRequest } from '../../people/people-session';
import { conversationPath } from '../../routing/paths';
import { usePeopleRoutes } from '../../server/use-people-routes';
import { peopleStore } from '../../stores/people';
import type { ProfileSlotProps } from './profile-slots';

/**
 * A profile's friendship (docs/game.md, "Friends"): Add friend; Request sent (a click takes it
 * back, except on the original server, which cannot); Accept their request; or, once friends, Message.
 */
export function FriendButton({ player, own }: ProfileSlotProps) {
  const { t } = useTranslation();
  const routes = usePeopleRoutes();
  const { friends, incoming, outgoing } = useSnapshot(peopleStore);
  const [busy, setBusy] = useState(false);
  if (own || routes === null || player.bot || player.blocked) return null;
  const run = async (call: () => Promise<boolean>): Promise<void> => {
    setBusy(true);
    await call();
    setBusy(false);
  };
  if (friends.some((f) => f.id === player.id)) {
    return (
      <>
        <span className="friend-tag" data-testid="friend-state">
          {t('friends.isFriend')}
        </span>
        <Link href={conversationPath(player.id)} className="button small secondary">
          {t('friends.message')}
        </Link>
      </>
    );
  }
  const sent = outgoing.find((r) => r.receiver.id === player.id);
  if (sent && routes === 'original') {
    return (
      <span className="friend-tag" data-testid="friend-state">
        {t('friends.requestSent')}
      </span>
    );
  }
  if (sent) {
    return (
      <button
        type="button"
        className="small secondary"
        disabled={busy}
        title={t('friends.withdrawHint')}
        onClick={() => void run(() => withdrawRequest(sent.id))}
        data-testid="friend-state"
      >
        {t('friends.requestSent')}
      </button>
    );
  }
  const received = incoming.find((r) => r.sender.id === player.id);
  return (
    <button
      type="button"
      className="small"
      disabled={busy}
      onClick={() => void run(() => (received ? acceptRequest(received.id) : addFriend(player.id)))}
      data-testid="friend-state"
    >
      {t(received ? 'friends.acceptRequest' : 'friends.add')}
    </button>
  );
}
