import { useTranslation } from 'react-i18next';
import type { RulesStats } from '../../protocol/history';
import { rulesLabel } from '../rules/rule-choice';

/**
 * The profile's record per set of rules (docs/game.md, "Ratings"): games and wins against people
 * and bot accounts, against the computer, and the rating earned under those rules.
 */
export function RulesStatsTable({ stats }: { readonly stats: readonly RulesStats[] }) {
  const { t } = useTranslation();
  if (stats.length === 0) return <p className="hint">{t('profile.byRulesEmpty')}</p>;
  return (
    <div className="card table-card">
      <table className="table rules-stats" data-testid="rules-stats">
        <thead>
          <tr>
            <th scope="col">{t('profile.byRulesRules')}</th>
            <th scope="col">{t('profile.byRulesGames')}</th>
            <th scope="col">{t('profile.byRulesComputer')}</th>
            <th scope="col">{t('profile.rating')}</th>
          </tr>
        </thead>
        <tbody>
          {stats.map((row) => {
            const label = rulesLabel(t, row.rules);
            return (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{t('profile.wonOf', { won: row.wins, played: row.games })}</td>
                <td>{t('profile.wonOf', { won: row.computerWins, played: row.computerGames })}</td>
                <td>{row.rating ? `${row.rating.rating}${row.rating.provisional ? '?' : ''}` : '–'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
