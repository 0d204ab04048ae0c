import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../players/use-player-name';
import {
  LEADERBOARD_KINDS,
  type Leaderboard,
  type LeaderboardEntry,
  type LeaderboardKind,
} from '../../protocol/history';
import { api } from '../api';
import { BotBadge } from '../components/bots/BotBadge';
import { errorText } from '../errors/error-text';
import { CLASSIC_RULES, type Rules as GameRules, sameRules } from '../../game';
import { boardRulesChoices } from '../rules/board-rules';
import { rulesLabel, type Translate } from '../rules/rule-choice';
import { showError } from '../stores/banner';
import { Link } from 'wouter';
import { playerPath, ROUTES } from '../routing/paths';
import { useFeatures } from '../server/use-features';

function Row({ entry, mine }: { entry: LeaderboardEntry; mine: boolean }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  return (
    <tr className={mine ? 'mine' : undefined} aria-current={mine ? 'true' : undefined}>
      <td>{entry.rank}</td>
      <td>
        <Link href={playerPath(entry.userId)} className="player-link">
          {name(entry)}
        </Link>{' '}
        <BotBadge title={entry.title} />
      </td>
      <td>
        {entry.rating}
        {entry.provisional ? <span title={t('leaderboard.provisional')}>?</span> : null}
      </td>
      <td>{entry.games}</td>
      <td>{entry.wins}</td>
    </tr>
  );
}

/** A way to the search for players, on a server that has it (docs/game.md, "Profiles"). */
function FindPlayer() {
  const { t } = useTranslation();
  const { search } = useFeatures();
  if (!search) return null;
  return (
    <Link href={ROUTES.players} data-testid="find-player">
      {t('profiles.findPlayers')}
    </Link>
  );
}

/** The rules the server applies (docs/game.md, Ratings), said in the player's language. */
function Rules({ rules }: { rules: NonNullable<Leaderboard['rules']> }) {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="leaderboard-rules" data-testid="leaderboard-rules">
      <h2 id="leaderboard-rules" className="section-title">
        {t('leaderboard.rulesTitle')}
      </h2>
      <ul className="card rules-list">
        <li>{t('leaderboard.ruleGlicko')}</li>
        <li>{t('leaderboard.rulePlayed')}</li>
        {rules.ratedGamesPerPairPerDay > 0 ? (
          <li>{t('leaderboard.rulePair', { count: rules.ratedGamesPerPairPerDay })}</li>
        ) : null}
        <li>
          {rules.minGames <= 1
            ? t('leaderboard.ruleListedFirst')
            : t('leaderboard.ruleListed', { count: rules.minGames })}
        </li>
      </ul>
    </section>
  );
}

/** The visitor's own line: their rank, or how far they are from being listed. */
function mineText(t: (key: string, options?: Record<string, unknown>) => string, board: Leaderboard): string {
  const { me } = board;
  // A person on the bots' board has no line there (and a bot none on the people's).
  if (!me) return board.kind === 'bots' ? t('leaderboard.botsNote') : t('leaderboard.unrated');
  if (me.ranked === false)
    return t('leaderboard.notListed', { count: me.games, rating: me.rating, min: board.rules?.minGames ?? '' });
  return t('leaderboard.mine', { rank: me.rank, total: board.total, rating: me.rating });
}

/**
 * Which board: people or bot accounts (a toggle, as lichess splits its bots off), and the set of
 * rules the ratings were earned under (docs/game.md, "Ratings"): the presets players know, then
 * every custom mix the server has ratings for (board-rules.ts), named as everywhere else.
 */
function BoardChoice({
  kind,
  rules,
  rated,
  onKind,
  onRules,
}: {
  readonly kind: LeaderboardKind;
  readonly rules: GameRules;
  /** The sets of rules the server has ratings for on this board. */
  readonly rated: readonly GameRules[];
  readonly onKind: (kind: LeaderboardKind) => void;
  readonly onRules: (rules: GameRules) => void;
}) {
  const { t } = useTranslation();
  const translate: Translate = (key, values) => t(key, values ?? {});
  const rulesId = useId();
  // The rules shown stay among the choices after a switch to a board that has no ratings under them.
  const choices = boardRulesChoices([...rated, rules]);
  const value = choices.find((c) => sameRules(c.rules, rules))?.value ?? '';
  return (
    <div className="board-choice" data-testid="board-choice">
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('leaderboard.kindLabel')}</legend>
        {LEADERBOARD_KINDS.map((k) => (
          <button key={k} type="button" aria-pressed={kind === k} onClick={() => onKind(k)}>
            {t(`leaderboard.kinds.${k}`)}
          </button>
        ))}
      </fieldset>
      <label className="board-rules" htmlFor={rulesId}>
        <span>{t('leaderboard.rulesLabel')}</span>
        <select
          id={rulesId}
          value={value}
          onChange={(event) => {
            const chosen = choices.find((c) => c.value === event.target.value);
            if (chosen) onRules(chosen.rules);
          }}
        >
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {rulesLabel(translate, c.rules)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The sets of rules with ratings on the board of `kind`, once the server has named them. */
function useRatedRules(kind: LeaderboardKind): readonly GameRules[] {
  const [rated, setRated] = useState<readonly GameRules[]>([]);
  useEffect(() => {
    let active = true;
    api()
      .then((client) => client.ratedRules(kind))
      .then((answer) => active && setRated(answer.sets.map((s) => s.rules)))
      // Without the list the presets still work: no banner for a choice the page can do without.
      .catch(() => active && setRated([]));
    return () => {
      active = false;
    };
  }, [kind]);
  return rated;
}

/**
 * /leaderboard: the 100 best ratings (Glicko-2) of people or of bot accounts under one set of rules
 * (classic people first), the visitor's own rank and the rules of rating.
 */
export default function LeaderboardPage({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [kind, setKind] = useState<LeaderboardKind>('people');
  const [rules, setRules] = useState<GameRules>(CLASSIC_RULES);
  const rated = useRatedRules(kind);
  useEffect(() => {
    let active = true;
    setBoard(null);
    api()
      .then((client) => client.leaderboard(100, { kind, rules }))
      .then((loaded) => active && setBoard(loaded))
      .catch((error: unknown) => active && showError(errorText(error)));
    return () => {
      active = false;
    };
  }, [kind, rules]);
  const inTop = board?.players.some((p) => p.userId === userId) ?? false;
  return (
    <section className="page leaderboard" data-testid="leaderboard-page">
      <div className="page-header">
        <h1>{t('leaderboard.title')}</h1>
      </div>
      <p className="lead">
        {t('leaderboard.lead')} <FindPlayer />
      </p>
      <BoardChoice kind={kind} rules={rules} rated={rated} onKind={setKind} onRules={setRules} />
      {board === null ? (
        <p role="status">{t('app.loading')}</p>
      ) : (
        <>
          <p className="card" data-testid="leaderboard-me">
            {mineText(t, board)}
          </p>
          {board.players.length === 0 ? (
            <p data-testid="leaderboard-empty">{t(kind === 'bots' ? 'leaderboard.emptyBots' : 'leaderboard.empty')}</p>
          ) : (
            <div className="card table-card">
              <table className="table" data-testid="leaderboard-table" data-kind={kind}>
                <thead>
                  <tr>
                    <th scope="col">{t('leaderboard.rank')}</th>
                    <th scope="col">{t('leaderboard.player')}</th>
                    <th scope="col">{t('leaderboard.rating')}</th>
                    <th scope="col">{t('leaderboard.games')}</th>
                    <th scope="col">{t('leaderboard.wins')}</th>
                  </tr>
                </thead>
                <tbody>
                  {board.players.map((p) => (
                    <Row key={p.userId} entry={p} mine={p.userId === userId} />
                  ))}
                  {!inTop && board.me && board.me.ranked !== false ? <Row entry={board.me} mine /> : null}
                </tbody>
              </table>
            </div>
          )}
          {board.rules ? <Rules rules={board.rules} /> : null}
        </>
      )}
    </section>
  );
}
