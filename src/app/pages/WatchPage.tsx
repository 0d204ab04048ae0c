import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../players/use-player-name';
import { CLASSIC_RULES } from '../../game';
import { RulesBadge } from '../components/rules/RulesBadge';
import { Link, useLocation } from 'wouter';
import { coordLabel } from '../../game';
import { GameClient } from '../../protocol/game-client';
import type { SpectatorFrame } from '../../protocol/spectators';
import { isErrorAck } from '../../protocol/types';
import { NO_BOARDS, watchBoards } from '../components/history/boards-view';
import { BackButton } from '../components/BackButton';
import { ChatPanel } from '../components/chat/ChatPanel';
import { LazyBoards } from '../components/history/LazyBoards';
import { errorText } from '../errors/error-text';
import { showError } from '../stores/banner';
import { replayPath } from '../routing/paths';
import { serverUrl } from '../stores/server';
import type { User } from '../stores/user';

/** /game/{id}/watch: a game followed live as a spectator; never a member, never an unsunk ship. */
export default function WatchPage({ slug, user }: { slug: string; user: User }) {
  const { t } = useTranslation();
  const playerName = usePlayerName();
  const [, navigate] = useLocation();
  const [frame, setFrame] = useState<SpectatorFrame | null>(null);
  // The socket that watches, for the spectators' chat (docs/game.md, "Chat").
  const [talk, setTalk] = useState<GameClient | null>(null);

  useEffect(() => {
    const client = new GameClient({ url: serverUrl(), token: user.access_token, slug });
    const stop = client.subscribeFrames(setFrame);
    setTalk(client);
    client
      .connect()
      .then(() => client.watchRoom(slug))
      .then((reply) => {
        if (!isErrorAck(reply)) return;
        showError(errorText(reply));
        navigate('/');
      })
      .catch((error: unknown) => showError(errorText(error)));
    return () => {
      stop();
      setTalk(null);
      client.close();
    };
  }, [slug, user.access_token, navigate]);

  const model = useMemo(() => (frame ? watchBoards(frame) : NO_BOARDS), [frame]);
  const [a, b] = (frame?.players ?? []).map((p) => ({ ...p, username: playerName(p) }));
  const name = (id: string | null | undefined) => (id === a?.userId ? a : id === b?.userId ? b : null)?.username ?? '';
  const shot = frame?.lastShot;
  let status = t('watch.connecting');
  if (frame?.status === 'UNSTARTED' || frame?.status === 'PLACE_SHIPS') status = t('watch.waiting');
  if (frame?.status === 'PLAY') status = t('watch.turn', { username: name(frame.turn) });
  if (frame?.status === 'ENDED' && frame.winner)
    status = t('watch.won', {
      username: playerName(frame.winner),
      reason: t(`history.reasons.${frame.endReason ?? 'SUNK'}`),
    });

  return (
    <section className="page watch boards-view" data-testid="watch-page">
      <div className="page-header">
        <BackButton />
        <h1>{a && b ? t('watch.title', { a: a.username, b: b.username }) : t('watch.titleAlone')}</h1>
        {frame && <RulesBadge rules={frame.rules ?? CLASSIC_RULES} />}
        <span className="badge" data-testid="watch-audience">
          {t('watch.audience', { count: frame?.spectators ?? 0 })}
        </span>
      </div>
      <p className="lead" role="status" aria-live="polite" data-testid="watch-status">
        {status}
        {shot && frame?.status !== 'ENDED'
          ? ` — ${t('watch.lastShot', { username: name(shot.shooterId), cell: coordLabel(shot), result: t(`history.results.${shot.result}`) })}`
          : ''}
        {frame?.status === 'ENDED' && frame.gameId !== undefined && (
          <>
            {' '}
            <Link href={replayPath(frame.gameId)}>{t('watch.replay')}</Link>
          </>
        )}
      </p>
      {/* The boards and the spectators' chat share the row (a column on a phone), as on the game page. */}
      <div className="boards-row">
        <div className="boards-cell">
          <LazyBoards
            model={model}
            titles={[a?.username ?? '', b?.username ?? '']}
            animate
            label={t('watch.stage', { a: a?.username ?? '', b: b?.username ?? '' })}
          />
        </div>
        <ChatPanel talk={frame ? talk : null} userId={user.id} room={slug} audience="spectators" />
      </div>
    </section>
  );
}
