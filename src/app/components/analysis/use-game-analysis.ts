import { useCallback, useEffect, useRef, useState } from 'react';
import { afterAnswer, type ReviewState } from '../../analysis/poll';
import { api } from '../../api';
import { errorText } from '../../errors/error-text';

/**
 * A finished game's analysis as the replay page follows it: what there is on opening (starting
 * nothing, unless `start` says the player came to review it), then `request()` to have it made;
 * while it runs, asked again after the server's Retry-After.
 */
export function useGameAnalysis(gameId: number, start: boolean): { state: ReviewState; request: () => void } {
  const [state, setState] = useState<ReviewState>({ kind: 'loading' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);

  const ask = useCallback(
    (startIt: boolean) => {
      if (timer.current) clearTimeout(timer.current);
      api()
        .then((client) => client.gameAnalysis(gameId, startIt))
        .then((answer) => {
          if (!alive.current) return;
          const next = afterAnswer(answer);
          setState(next.state);
          if (next.askAgainMs !== null) timer.current = setTimeout(() => ask(false), next.askAgainMs);
        })
        .catch((error: unknown) => alive.current && setState({ kind: 'failed', text: errorText(error) }));
    },
    [gameId],
  );

  useEffect(() => {
    alive.current = true;
    ask(start);
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [ask, start]);

  const request = useCallback(() => {
    setState({ kind: 'pending', ahead: 0, running: false });
    ask(true);
  }, [ask]);
  return { state, request };
}
