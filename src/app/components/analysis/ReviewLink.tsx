import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { api } from '../../api';
import { replayPath } from '../../routing/paths';
import { useFeatures } from '../../server/use-features';
import { gameStore } from '../../stores/game';

/**
 * "Review the game" on the end card (docs/game.md, "Reviewing a game"): the replay of the game
 * just ended, which asks for its analysis at once. The game's id is the newest of the player's
 * history in this room; nothing shows until it is known.
 */
export function ReviewLink() {
  const { t } = useTranslation();
  const features = useFeatures();
  const { slug, gameStatus, userId } = useSnapshot(gameStore);
  const [gameId, setGameId] = useState<number | null>(null);
  const wanted = features.analysis && features.history && gameStatus === 'ENDED' && slug !== null && userId !== null;

  useEffect(() => {
    if (!wanted || !slug) return;
    let active = true;
    api()
      .then((client) => client.history('me', 1, 5))
      .then((page) => {
        const game = page.games.find((g) => g.slug === slug);
        if (active && game) setGameId(game.gameId);
      })
      // Without the id there is no link: the end card stays as it was.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [wanted, slug]);

  if (!wanted || gameId === null) return null;
  return (
    <Link href={`${replayPath(gameId)}?review=1`} className="button primary small" data-testid="review-game">
      {t('analysis.review')}
    </Link>
  );
}
