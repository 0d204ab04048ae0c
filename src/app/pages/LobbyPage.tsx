import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../players/use-player-name';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { MAX_PLAYERS } from '../../game';
import { mayStart } from '../../protocol/capabilities';
import { BackButton } from '../components/BackButton';
import { RulesBadge, RulesList } from '../components/rules/RulesBadge';
import { DepartedNotice } from '../components/lobby/DepartedNotice';
import { LeaveLobbyButton } from '../components/lobby/LeaveLobbyButton';
import { lobbyExit } from '../routing/game-flow';
import { rulesName } from '../rules/rule-choice';
import { lobbyPath } from '../routing/paths';
import { isConnected } from '../session/presence';
import { useGameSession } from '../session/use-game-session';
import { useFeatures } from '../server/use-features';
import { gameStore } from '../stores/game';
import { isOwnOrigin } from '../server/server-url';
import { serverLabel, serverUrl } from '../stores/server';
import type { User } from '../stores/user';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The Lobby (docs/game.md, The pages): the invitation link, the room's rules (a friend sees what
 * they are joining before the game starts), members, and 'Start the game' with exactly two players.
 */
export default function LobbyPage({ slug, user }: { slug: string; user: User }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const [, navigate] = useLocation();
  const session = useGameSession(slug, user);
  const { members, gameStatus, match } = useSnapshot(gameStore);
  const features = useFeatures();
  const [copy, setCopy] = useState<CopyState>('idle');
  const inviteLink = `${window.location.origin}${lobbyPath(slug)}`;

  useEffect(() => {
    // The game page's code is fetched while waiting, so the switch is instant.
    void import('./GamePage');
  }, []);

  useEffect(() => {
    const exit = lobbyExit(gameStatus, slug);
    if (exit) navigate(exit, { replace: true });
  }, [gameStatus, slug, navigate]);

  async function copyInvite(): Promise<void> {
    try {
      await navigator.clipboard.writeText(inviteLink);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  // Where the server marks a host (the original), only the host is offered Start.
  const starter = mayStart(members, user.id);
  const host = members.find((member) => member.isHost === true);
  const canStart = session !== null && members.length === MAX_PLAYERS && starter;
  return (
    <section className="page lobby" data-status={gameStatus ?? 'CONNECTING'}>
      <div className="page-header">
        <BackButton />
        <h1>{t('lobby.title')}</h1>
        <p className="subtitle">{t('lobby.room', { slug })}</p>
      </div>
      <div className="card">
        <h2 className="section-title">{t('lobby.invite')}</h2>
        <div className="invite">
          <code>{inviteLink}</code>
          <button type="button" className="secondary" onClick={() => void copyInvite()}>
            {t('lobby.copyInvite')}
          </button>
        </div>
        {/* The link opens this page's own server by default: the friend must choose the same one. */}
        {!isOwnOrigin(serverUrl(), window.location.origin) && (
          <p className="hint invite-server">{t('lobby.inviteServer', { server: serverLabel() })}</p>
        )}
        {copy !== 'idle' && (
          <p role="status" className="hint">
            {copy === 'copied' ? t('lobby.copied') : t('lobby.copyFailed', { link: inviteLink })}
          </p>
        )}
      </div>
      {/* Once the room is known: before, the store holds the default rules, not this room's. Rules
          other than the classic ones are spelled out at once; the classic ones fold to their chip. */}
      {gameStatus !== null && (
        <div className="card lobby-rules" data-testid="lobby-rules">
          <details className="lobby-rules-more" open={rulesName(match.rules) !== 'classic'}>
            <summary>
              <h2 className="section-title">{t('lobby.rules')}</h2>
              <RulesBadge rules={match.rules} />
            </summary>
            <RulesList rules={match.rules} />
          </details>
        </div>
      )}
      <div className="card">
        <h2 className="section-title">{t('lobby.members')}</h2>
        <ul className="list members" aria-label={t('lobby.members')}>
          {members.map((member) => (
            // The initial and the "you" badge are drawn by CSS so the item's text stays the name.
            <li
              key={member.userId}
              className="member"
              data-initial={member.username.slice(0, 1)}
              data-you={member.userId === user.id ? t('lobby.you') : undefined}
              data-connected={features.presence ? isConnected(member) : undefined}
            >
              {name(member)}
            </li>
          ))}
        </ul>
        {features.leave && <DepartedNotice />}
        <div className="card-actions">
          {starter ? (
            <>
              <button
                type="button"
                className="primary"
                disabled={!canStart}
                onClick={() => session && void session.start()}
              >
                {t('lobby.start')}
              </button>
              {!canStart && <p className="hint">{t('lobby.needTwo')}</p>}
            </>
          ) : (
            <p className="hint">{t('lobby.hostStarts', { username: host ? name(host) : '' })}</p>
          )}
          {features.leave && <LeaveLobbyButton session={session} />}
        </div>
      </div>
    </section>
  );
}
