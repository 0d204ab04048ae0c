import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coordLabel } from '../../../game';
import type { Insights } from '../../../protocol/analysis';
import { valueRange } from '../../analysis/chart';
import { insightSummary } from '../../analysis/insights-view';
import { signedHits, heatCells } from '../../analysis/review';
import { api } from '../../api';
import type { ProfileSlotProps } from '../profile/profile-slots';
import { useFeatures } from '../../server/use-features';
import { HeatGrid } from './HeatGrid';
import { TrendChart } from './TrendChart';
import '../../styles/analysis.css';

/**
 * A profile's insights (docs/game.md, "Profiles"): accuracy and shots to win over the player's
 * recent classic games, their luck, and where their ships usually stand with a plain tip drawn
 * from it. Shown where the server analyses games, for people (not the computer).
 */
export function InsightsSection({ player, own }: ProfileSlotProps) {
  const { t, i18n } = useTranslation();
  const features = useFeatures();
  const [insights, setInsights] = useState<Insights | null>(null);
  const shown = features.analysis && !player.bot;

  useEffect(() => {
    if (!shown) return;
    let active = true;
    api()
      .then((client) => client.insights(player.id))
      .then((answer) => active && setInsights(answer))
      // The profile stands without its insights: the rest of the page says what failed.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [shown, player.id]);

  const summary = useMemo(() => (insights ? insightSummary(insights) : null), [insights]);
  const placement = useMemo(() => (insights ? heatCells(insights.placement.heat) : []), [insights]);
  if (!shown || !insights || !summary) return null;

  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = (share: number) => Math.round(share * 100);
  const { placement: place } = insights;
  const shotsRange = valueRange(
    summary.shotsToWinPoints.map((p) => p.value),
    0,
  );
  return (
    <section className="section insights" aria-labelledby="player-insights" data-testid="insights">
      <h2 id="player-insights" className="section-title">
        {t('analysis.insights.title')}
      </h2>
      {summary.games === 0 ? (
        <p className="hint">{t('analysis.insights.empty')}</p>
      ) : (
        <>
          <dl className="insights-figures">
            <div>
              <dt>{t('analysis.insights.accuracy')}</dt>
              <dd data-testid="insights-accuracy">
                {summary.accuracy === null ? t('end.none') : number.format(summary.accuracy)}
              </dd>
            </div>
            <div>
              <dt>{t('analysis.insights.shotsToWin')}</dt>
              <dd>{summary.shotsToWin === null ? t('end.none') : number.format(summary.shotsToWin)}</dd>
            </div>
            <div>
              <dt>{t('analysis.insights.luck')}</dt>
              <dd>
                {summary.luck === null
                  ? t('end.none')
                  : t('analysis.luckHits', { luck: signedHits(summary.luck, i18n.language) })}
              </dd>
            </div>
            <div>
              <dt>{t('analysis.insights.games')}</dt>
              <dd>{t('analysis.insights.analysedOf', { analysed: summary.analysed, games: summary.games })}</dd>
            </div>
          </dl>
          {summary.pending > 0 && (
            <p className="hint" role="status">
              {t('analysis.insights.pending', { count: summary.pending })}
            </p>
          )}
          {summary.accuracyTrend !== null && (
            <p className="hint">
              {t(summary.accuracyTrend >= 0 ? 'analysis.insights.trendUp' : 'analysis.insights.trendDown', {
                points: number.format(Math.abs(summary.accuracyTrend)),
              })}
            </p>
          )}
          <div className="insights-charts">
            {summary.accuracyPoints.length > 0 && (
              <TrendChart
                points={summary.accuracyPoints}
                min={0}
                max={100}
                caption={t('analysis.insights.accuracyChart')}
                label={t('analysis.insights.chartLabel', {
                  values: summary.accuracyPoints.map((p) => number.format(p.value)).join(', '),
                })}
                format={(v) => number.format(v)}
                testId="insights-accuracy-chart"
              />
            )}
            {summary.shotsToWinPoints.length > 0 && (
              <TrendChart
                points={summary.shotsToWinPoints}
                min={shotsRange.min}
                max={shotsRange.max}
                caption={t('analysis.insights.shotsChart')}
                label={t('analysis.insights.chartLabel', {
                  values: summary.shotsToWinPoints.map((p) => p.value).join(', '),
                })}
                format={(v) => String(v)}
              />
            )}
          </div>
        </>
      )}
      <h3>{t('analysis.insights.placementTitle')}</h3>
      {place.games === 0 ? (
        <p className="hint">{t('analysis.insights.noFleets')}</p>
      ) : (
        <div className="insights-placement">
          <HeatGrid
            cells={placement}
            kind="placement"
            caption={t('analysis.insights.placementCaption', { games: place.games })}
            testId="insights-placement"
          />
          <p data-testid="insights-tip">
            {t(`analysis.tips.${place.tip}`, {
              count: place.games,
              border: percent(place.border),
              random: percent(place.randomBorder),
              cell: place.top ? coordLabel(place.top) : '',
              share: place.top ? percent(place.top.share) : 0,
            })}{' '}
            {own ? t('analysis.insights.ownNote') : ''}
          </p>
        </div>
      )}
    </section>
  );
}
