import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModerationStatus } from '../../protocol/moderation';
import { errorText } from '../errors/error-text';
import { showError } from '../stores/banner';
import { moderationApi } from './moderation-api';
import { untilText } from './moment';

/** How long a mute or a ban lasts, in minutes; `null`: until lifted (bans only). */
const MUTES = [60, 24 * 60, 7 * 24 * 60, 30 * 24 * 60] as const;
const BANS = [24 * 60, 7 * 24 * 60, 30 * 24 * 60, null] as const;

function durationKey(minutes: number | null): string {
  if (minutes === null) return 'admin.account.forever';
  if (minutes < 24 * 60) return 'admin.account.hours';
  return 'admin.account.days';
}
function durationCount(minutes: number | null): number {
  if (minutes === null) return 0;
  return minutes < 24 * 60 ? minutes / 60 : minutes / (24 * 60);
}

/**
 * What a moderator does to an account from a report: mute it for a time, ban it for a time or until
 * lifted, lift either — each with a reason, kept in the audit log (the existing /admin/users/:id
 * routes). The account's state is read first and after each action.
 */
export function AccountActions({ userId, username }: { readonly userId: string; readonly username: string }) {
  const { t, i18n } = useTranslation();
  const ids = { reason: useId(), mute: useId(), ban: useId() };
  const [status, setStatus] = useState<ModerationStatus | null>(null);
  const [reason, setReason] = useState('');
  const [muteFor, setMuteFor] = useState<number>(MUTES[1]);
  const [banFor, setBanFor] = useState<string>(String(BANS[1]));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    moderationApi()
      .then((client) => client.status(userId))
      .then((loaded) => active && setStatus(loaded))
      .catch((error: unknown) => active && showError(errorText(error)));
    return () => {
      active = false;
    };
  }, [userId]);

  const act = async (run: (client: Awaited<ReturnType<typeof moderationApi>>) => Promise<ModerationStatus>) => {
    setBusy(true);
    try {
      setStatus(await run(await moderationApi()));
      setReason('');
    } catch (error) {
      showError(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const why = reason.trim();
  const banned = status?.bannedUntil ?? null;
  const muted = status?.mutedUntil ?? null;
  const isAdmin = status?.role === 'admin';

  return (
    <div className="account-actions" data-testid="account-actions">
      <p className="account-state" role="status">
        {status === null
          ? t('app.loading')
          : [
              banned !== null
                ? t(untilText(i18n.language, banned) ? 'admin.account.bannedUntil' : 'admin.account.bannedForever', {
                    name: username,
                    when: untilText(i18n.language, banned) ?? '',
                  })
                : null,
              muted !== null
                ? t('admin.account.mutedUntil', { name: username, when: untilText(i18n.language, muted) ?? '' })
                : null,
              banned === null && muted === null ? t('admin.account.inGoodStanding', { name: username }) : null,
              isAdmin ? t('admin.account.isModerator') : null,
            ]
              .filter(Boolean)
              .join(' ')}
      </p>
      {status !== null && !isAdmin && (
        <>
          <label className="account-reason" htmlFor={ids.reason}>
            <span>{t('admin.account.reason')}</span>
            <input
              id={ids.reason}
              value={reason}
              maxLength={500}
              placeholder={t('admin.account.reasonHint')}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <div className="account-buttons">
            <span className="account-pair">
              <label className="visually-hidden" htmlFor={ids.mute}>
                {t('admin.account.muteFor')}
              </label>
              <select id={ids.mute} value={muteFor} onChange={(event) => setMuteFor(Number(event.target.value))}>
                {MUTES.map((m) => (
                  <option key={m} value={m}>
                    {t(durationKey(m), { count: durationCount(m) })}
                  </option>
                ))}
              </select>
              <button
                type="button"
                disabled={busy || why === ''}
                onClick={() => void act((client) => client.mute(userId, why, muteFor))}
              >
                {t('admin.account.mute')}
              </button>
            </span>
            <span className="account-pair">
              <label className="visually-hidden" htmlFor={ids.ban}>
                {t('admin.account.banFor')}
              </label>
              <select id={ids.ban} value={banFor} onChange={(event) => setBanFor(event.target.value)}>
                {BANS.map((m) => (
                  <option key={String(m)} value={String(m)}>
                    {t(durationKey(m), { count: durationCount(m) })}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="danger"
                disabled={busy || why === ''}
                onClick={() =>
                  void act((client) => client.ban(userId, why, banFor === 'null' ? undefined : Number(banFor)))
                }
              >
                {t('admin.account.ban')}
              </button>
            </span>
            {muted !== null && (
              <button
                type="button"
                className="ghost"
                disabled={busy}
                onClick={() => void act((client) => client.unmute(userId, why || undefined))}
              >
                {t('admin.account.liftMute')}
              </button>
            )}
            {banned !== null && (
              <button
                type="button"
                className="ghost"
                disabled={busy}
                onClick={() => void act((client) => client.unban(userId, why || undefined))}
              >
                {t('admin.account.liftBan')}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
