import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coordLabel, replayState } from '../../game';
import { gameScript } from '../../protocol/game-script';
import type { GameRecord } from '../../protocol/history';
import { replayBoards } from '../components/history/boards-view';
import { LazyBoards } from '../components/history/LazyBoards';
import type { StepIconName } from '../components/icons';
import { StepIcon } from '../components/StepIcon';
import { usePlayerName } from '../players/use-player-name';
import {
  initialControls,
  keyAction,
  type ReplayAction,
  reduceControls,
  SPEEDS,
  type Speed,
  stepFromQuery,
  tickInterval,
} from './controls';

/** Offers the game as a `broadside script` file, built from the record already loaded. */
function download(record: GameRecord): void {
  const script = gameScript(record);
  if (!script) return;
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(script, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `broadside-game-${record.gameId}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A step button: its pictogram on screen, its translated name for assistive technology. */
function StepButton({ icon, label, onClick }: { icon: StepIconName; label: string; onClick: () => void }) {
  return (
    <button type="button" className="button secondary icon-button" onClick={onClick} aria-label={label} title={label}>
      <StepIcon name={icon} />
    </button>
  );
}

/**
 * A finished game shot by shot: the status line, both boards drawn by the stage, and the controls
 * (buttons, slider, speed, keys, a link to the shot on screen, the game as a script file). The
 * replay page feeds it a record from the server; `broadside view` one the harness refereed, with
 * `endText` saying how it ended when no server end reason can (a timeout, a crash, an illegal move).
 */
/** What a page may add under the controls (the replay page's review): the step on screen and a way to move it. */
export interface ViewerExtra {
  readonly step: number;
  readonly seek: (step: number) => void;
  readonly nameOf: (userId: string) => string;
}

export function Viewer({
  record,
  endText,
  below,
  beside,
}: {
  record: GameRecord;
  endText?: string;
  below?: (view: ViewerExtra) => ReactNode;
  /** Beside the boards (the replay page's chat), below them on a phone. */
  beside?: (view: ViewerExtra) => ReactNode;
}) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const total = record.shots.length;
  const [controls, dispatch] = useReducer(reduceControls, total, (n) =>
    initialControls(n, stepFromQuery(window.location.search, n)),
  );
  const { step, playing, speed } = controls;
  const [copied, setCopied] = useState(false);

  // Playing: one shot per tick, at the chosen speed; each new step arms the next tick.
  // biome-ignore lint/correctness/useExhaustiveDependencies: step is the trigger of the next tick
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => dispatch({ type: 'tick' }), tickInterval(speed));
    return () => clearTimeout(timer);
  }, [playing, speed, step]);

  // The address always points at the shot on screen, so it can be shared as it is.
  useEffect(() => {
    const url = new URL(window.location.href);
    url.searchParams.set('shot', String(step));
    window.history.replaceState(window.history.state, '', url);
  }, [step]);

  const act = useCallback((action: ReplayAction) => dispatch(action), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'SELECT', 'BUTTON', 'TEXTAREA'].includes(target.tagName)) return;
      const action = keyAction(e.key);
      if (!action) return;
      e.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act]);

  const previous = useRef(step);
  const animate = step === previous.current + 1;
  useEffect(() => {
    previous.current = step;
  }, [step]);

  const players = useMemo(() => record.players.map((p) => ({ ...p, username: name(p) })), [record, name]);
  const names = useMemo(() => new Map(players.map((p) => [p.userId, p.username])), [players]);
  const nameOf = useCallback((id: string) => names.get(id) ?? '', [names]);
  const model = useMemo(() => replayBoards(replayState(record, step), nameOf), [record, step, nameOf]);
  const [a, b] = players;
  const shot = step > 0 ? record.shots[step - 1] : undefined;
  const winner = record.winner ? nameOf(record.winner) : '';
  const extra: ViewerExtra = { step, seek: (to) => act({ type: 'seek', step: to }), nameOf };

  return (
    <>
      <p className="lead" role="status" aria-live="polite" data-testid="replay-status">
        {shot
          ? t('replay.shot', {
              n: step,
              total,
              username: nameOf(shot.shooterId),
              cell: coordLabel(shot),
              result: t(`history.results.${shot.result}`),
            })
          : t('replay.start', { total })}
        {step === total && winner
          ? ` — ${endText ?? t('watch.won', { username: winner, reason: t(`history.reasons.${record.endReason}`) })}`
          : ''}
      </p>
      <div className="boards-row">
        <div className="boards-cell">
          <LazyBoards
            model={model}
            titles={[a?.username ?? '', b?.username ?? '']}
            animate={animate}
            label={t('replay.stage', { a: a?.username ?? '', b: b?.username ?? '', n: step, total })}
          />
        </div>
        {beside?.(extra)}
      </div>
      <div className="card replay-controls" data-testid="replay-controls">
        <div className="replay-transport">
          <div className="cluster replay-buttons">
            <StepButton icon="first" label={t('replay.first')} onClick={() => act({ type: 'first' })} />
            <StepButton icon="previous" label={t('replay.previous')} onClick={() => act({ type: 'previous' })} />
            <button
              type="button"
              className="button primary replay-play"
              onClick={() => act({ type: 'toggle' })}
              data-testid="replay-play"
            >
              <StepIcon name={playing ? 'pause' : 'play'} />
              {playing ? t('replay.pause') : t('replay.play')}
            </button>
            <StepButton icon="next" label={t('replay.next')} onClick={() => act({ type: 'next' })} />
            <StepButton icon="last" label={t('replay.last')} onClick={() => act({ type: 'last' })} />
          </div>
          <input
            type="range"
            className="replay-slider"
            min={0}
            max={total}
            value={step}
            aria-label={t('replay.slider')}
            data-testid="replay-slider"
            onChange={(e) => act({ type: 'seek', step: Number(e.target.value) })}
          />
          <span className="badge replay-counter" data-testid="replay-counter">
            {step} / {total}
          </span>
          <label className="replay-speed">
            <span className="replay-speed-label">{t('replay.speed')}</span>
            <select value={speed} onChange={(e) => act({ type: 'speed', speed: Number(e.target.value) as Speed })}>
              {SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {s}×
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="replay-extra">
          <p className="hint">{t('replay.keys')}</p>
          <div className="cluster">
            <button type="button" className="button secondary small" onClick={() => download(record)}>
              {t('replay.download')}
            </button>
            <button
              type="button"
              className="button secondary small"
              onClick={() => {
                void navigator.clipboard?.writeText(window.location.href).then(() => setCopied(true));
              }}
            >
              {copied ? t('replay.copied') : t('replay.copyLink')}
            </button>
          </div>
        </div>
      </div>
      {below?.(extra)}
    </>
  );
}
