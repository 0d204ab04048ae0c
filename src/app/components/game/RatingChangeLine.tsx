import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../api';
import { useFeatures } from '../../server/use-features';
import { RATING_LOOKS_MS, type RatingChange, ratingLookup, signedDelta } from '../../session/rating-change';
import { gameStore } from '../../stores/game';

/**
 * On the end card, the player's rating before and after the game (docs/game.md, "Ratings"), as soon
 * as the server rated it: the history is asked again a few times, then the line stays away (an
 * unrated game: the computer, two accounts' daily limit, a game over before both fired).
 */
export function RatingChangeLine() {
  const { t, i18n } = useTranslation();
  const features = useFeatures();
  const { slug, gameStatus, userId } = useSnapshot(gameStore);
  const [change, setChange] = useState<RatingChange | null>(null);
  const wanted = features.history && gameStatus === 'ENDED' && slug !== null && userId !== null;

  useEffect(() => {
    setChange(null);
    if (!wanted || !slug) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async (attempt: number) => {
      const page = await (await api()).history('me', 1, 5);
      if (!active) return;
      const found = ratingLookup(page.games, slug);
      if (found.kind === 'rated') setChange(found.change);
      else if (found.kind === 'pending' && attempt < RATING_LOOKS_MS.length)
        timer = setTimeout(() => void look(attempt + 1).catch(() => undefined), RATING_LOOKS_MS[attempt]);
    };
    // Without an answer there is no line: the end card stays as it was.
    void look(0).catch(() => undefined);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [wanted, slug]);

  if (!wanted || !change) return null;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <p className="end-rating" data-testid="end-rating" data-delta={change.delta}>
      {t('end.rating', {
        before: number.format(change.before),
        after: number.format(change.after),
        delta: signedDelta(change.delta, (n) => number.format(n)),
      })}
    </p>
  );
}
