import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { coordLabel } from '../../../game';
import type { GameAnalysis, MoveAnalysis } from '../../../protocol/analysis';
import type { GameRecord } from '../../../protocol/history';
import {
  CLASS_SIGNS,
  firedBefore,
  gradeSeries,
  heatCells,
  moveOfStep,
  nextMistake,
  signedHits,
  stepOfMove,
  worstMoves,
} from '../../analysis/review';
import { BannerMessageText } from '../BannerMessageText';
import { GradeChart } from './GradeChart';
import { HeatGrid } from './HeatGrid';
import { useGameAnalysis } from './use-game-analysis';
import '../../styles/analysis.css';

/** A move's class as a badge: its sign and its name (never the colour alone). */
function ClassBadge({ move }: { move: Pick<MoveAnalysis, 'class'> }) {
  const { t } = useTranslation();
  return (
    <span className="grade-badge" data-class={move.class}>
      <span aria-hidden="true">{CLASS_SIGNS[move.class]}</span> {t(`analysis.classes.${move.class}`)}
    </span>
  );
}

function Players({ analysis, nameOf }: { analysis: GameAnalysis; nameOf: (id: string) => string }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <div className="review-players-wrap">
      <table className="review-players" data-testid="review-players">
        <thead>
          <tr>
            <th scope="col">{t('end.player')}</th>
            <th scope="col">{t('analysis.accuracy')}</th>
            <th scope="col">{t('analysis.luckColumn')}</th>
            <th scope="col" className="review-classes-head">
              {t('analysis.moves')}
            </th>
          </tr>
        </thead>
        <tbody>
          {analysis.players.map((p) => (
            <tr key={p.userId}>
              <th scope="row">{nameOf(p.userId)}</th>
              <td data-testid="review-accuracy">{p.accuracy === null ? t('end.none') : number.format(p.accuracy)}</td>
              <td title={t('analysis.luckTitle', { hits: p.hits, expected: number.format(p.expectedHits) })}>
                {signedHits(p.luck, i18n.language)}
              </td>
              <td className="review-classes">
                {(['best', 'good', 'inaccuracy', 'mistake', 'blunder'] as const).map((c) => (
                  <span key={c} className="review-class" data-class={c} title={t(`analysis.classes.${c}`)}>
                    <span aria-hidden="true">{CLASS_SIGNS[c]}</span>
                    <span className="visually-hidden">{t(`analysis.classes.${c}`)}</span> {p.classes[c]}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CurrentMove({
  analysis,
  record,
  move,
  nameOf,
}: {
  analysis: GameAnalysis;
  record: GameRecord;
  move: MoveAnalysis;
  nameOf: (id: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const cells = useMemo(
    () =>
      heatCells(move.heat, {
        fired: firedBefore(record, move.shooterId, move.firstShot),
        chosen: move.shots,
        best: move.best,
      }),
    [move, record],
  );
  const percent = (p: number) => Math.round(p * 100);
  const fired = move.shots.map(coordLabel).join(', ');
  const best = move.best
    .map((c) => t('analysis.cellChance', { cell: coordLabel(c), percent: percent(c.p) }))
    .join(', ');
  return (
    <div className="review-move" data-testid="review-move" data-class={move.class}>
      <HeatGrid
        cells={cells}
        caption={t('analysis.heatCaption', { username: nameOf(move.shooterId), n: move.n + 1 })}
        testId="review-heat"
      />
      <div className="review-move-text">
        <p className="review-move-head">
          <ClassBadge move={move} />
          <span className="review-grade" data-testid="review-grade">
            {t('analysis.grade', { grade: percent(move.grade) })}
          </span>
        </p>
        <p>
          {t(move.shots.length > 1 ? 'analysis.firedSalvo' : 'analysis.fired', {
            username: nameOf(move.shooterId),
            cells: fired,
            chance: percent(move.shots.reduce((s, c) => s + c.p, 0)),
          })}
        </p>
        <p>{move.class === 'best' ? t('analysis.wasBest') : t('analysis.bestWere', { cells: best })}</p>
        <p className="hint">
          {t(move.method === 'exact' ? 'analysis.methodExact' : 'analysis.methodSampled', {
            boards: number.format(move.boards),
            error: number.format(Math.max(0.1, Math.round(move.error * 1000) / 10)),
          })}
          {analysis.engine !== 'broadside' ? ` ${t('analysis.engine', { engine: analysis.engine })}` : ''}
        </p>
      </div>
    </div>
  );
}

/**
 * The replay's review (docs/game.md, "Reviewing a game"): each player's accuracy and luck, the
 * move on screen graded on the heat map its shooter faced, the grades over the game, and jumps to
 * the worst moves. Offers to analyse a game not yet analysed; `start` asks at once (the end card's
 * "Review the game").
 */
export function ReviewPanel({
  record,
  step,
  onSeek,
  nameOf,
  start,
}: {
  record: GameRecord;
  step: number;
  onSeek: (step: number) => void;
  nameOf: (id: string) => string;
  start: boolean;
}) {
  const { t } = useTranslation();
  const { state, request } = useGameAnalysis(record.gameId, start);
  const analysis = state.kind === 'done' ? state.answer.analysis : null;
  const series = useMemo(() => (analysis ? gradeSeries(analysis) : []), [analysis]);
  const move = analysis ? moveOfStep(analysis.moves, step) : null;
  const previous = analysis ? nextMistake(analysis.moves, step, -1) : null;
  const next = analysis ? nextMistake(analysis.moves, step, 1) : null;

  return (
    <section className="card review" aria-labelledby="review-title" data-testid="review" data-state={state.kind}>
      <h2 id="review-title" className="review-title">
        {t('analysis.title')}
      </h2>
      {state.kind === 'loading' && <p role="status">{t('app.loading')}</p>}
      {state.kind === 'none' && (
        <div className="review-offer">
          <p>{t('analysis.offer')}</p>
          <button type="button" className="button primary" onClick={request} data-testid="review-start">
            {t('analysis.start')}
          </button>
        </div>
      )}
      {state.kind === 'pending' && (
        <p role="status" data-testid="review-pending">
          {state.running || state.ahead === 0 ? t('analysis.running') : t('analysis.queued', { count: state.ahead })}
        </p>
      )}
      {state.kind === 'failed' && (
        <div className="review-offer">
          <p role="alert">
            <BannerMessageText text={state.text} />
          </p>
          <button type="button" className="button secondary small" onClick={request}>
            {t('analysis.retry')}
          </button>
        </div>
      )}
      {analysis && (
        <>
          <Players analysis={analysis} nameOf={nameOf} />
          {move ? (
            <CurrentMove analysis={analysis} record={record} move={move} nameOf={nameOf} />
          ) : (
            <p className="hint review-before">{t('analysis.before')}</p>
          )}
          <GradeChart
            series={series}
            names={analysis.players.map((p) => nameOf(p.userId))}
            totalMoves={analysis.moves.length}
            currentStep={move ? stepOfMove(move) : null}
            onSeek={onSeek}
          />
          <div className="review-jumps">
            <div className="cluster">
              <button
                type="button"
                className="button secondary small"
                disabled={!previous}
                onClick={() => previous && onSeek(stepOfMove(previous))}
              >
                {t('analysis.previousMistake')}
              </button>
              <button
                type="button"
                className="button secondary small"
                disabled={!next}
                onClick={() => next && onSeek(stepOfMove(next))}
                data-testid="review-next-mistake"
              >
                {t('analysis.nextMistake')}
              </button>
            </div>
            {analysis.players.map((p, index) => {
              const worst = worstMoves(analysis, index);
              return (
                <div key={p.userId} className="review-worst">
                  <h3>{t('analysis.worstOf', { username: nameOf(p.userId) })}</h3>
                  {worst.length === 0 ? (
                    <p className="hint">{t('analysis.noMistakes')}</p>
                  ) : (
                    <ul className="cluster">
                      {worst.map((w) => (
                        <li key={w.n}>
                          <button
                            type="button"
                            className="button ghost small review-jump"
                            data-class={w.class}
                            onClick={() => onSeek(w.step)}
                            data-testid="review-worst"
                          >
                            <span aria-hidden="true">{CLASS_SIGNS[w.class]}</span>{' '}
                            {t('analysis.jump', {
                              n: w.n + 1,
                              cells: w.cells.map(coordLabel).join(', '),
                              class: t(`analysis.classes.${w.class}`),
                            })}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              );
            })}
          </div>
        </>
      )}
    </section>
  );
}
