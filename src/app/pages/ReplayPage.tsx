import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../players/use-player-name';
import { RulesBadge } from '../components/rules/RulesBadge';
import type { GameRecord } from '../../protocol/history';
import { api } from '../api';
import { ReplayReview } from '../components/analysis/ReplayReview';
import { BackButton } from '../components/BackButton';
import { ReplayChat } from '../components/chat/ReplayChat';
import { errorText } from '../errors/error-text';
import { Viewer } from '../replay/Viewer';
import { showError } from '../stores/banner';

/** /replay/{gameId}: a finished game, shot by shot, with the stage's own drawing and effects. */
export default function ReplayPage({ gameId, userId }: { gameId: string; userId: string }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const [record, setRecord] = useState<GameRecord | null>(null);

  useEffect(() => {
    let active = true;
    const id = Number(gameId);
    api()
      .then((client) => client.gameRecord(id))
      .then((loaded) => active && setRecord(loaded))
      .catch((error: unknown) => active && showError(errorText(error)));
    return () => {
      active = false;
    };
  }, [gameId]);

  const [a, b] = (record?.players ?? []).map((p) => ({ ...p, username: name(p) }));
  return (
    <section className="page replay boards-view" data-testid="replay-page">
      <div className="page-header">
        <BackButton />
        <h1>{a && b ? t('replay.title', { a: a.username, b: b.username }) : t('replay.titleLoading')}</h1>
        {record && <RulesBadge rules={record.rules} />}
      </div>
      {record ? (
        <Viewer
          record={record}
          beside={({ step, seek }) => <ReplayChat gameId={record.gameId} userId={userId} step={step} onSeek={seek} />}
          below={({ step, seek, nameOf }) => <ReplayReview record={record} step={step} onSeek={seek} nameOf={nameOf} />}
        />
      ) : (
        <p role="status">{t('app.loading')}</p>
      )}
    </section>
  );
}
