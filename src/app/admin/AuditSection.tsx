import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditEntry } from '../../protocol/moderation';
import { moderationApi } from './moderation-api';
import { momentText } from './moment';
import { usePages } from './use-pages';

const PAGE = 50;

/** What an entry's details say, in a few words (until when, which report, which role). */
function Details({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const details = entry.details ?? {};
  const parts: string[] = [];
  if (typeof details.until === 'number')
    parts.push(t('admin.audit.until', { when: momentText(i18n.language, details.until) }));
  else if (entry.action === 'ban' && 'until' in details) parts.push(t('admin.audit.forever'));
  if (typeof details.report === 'number') parts.push(t('admin.audit.report', { id: details.report }));
  if (typeof details.status === 'string') parts.push(t(`admin.reports.status.${details.status}`, details.status));
  if (typeof details.role === 'string') parts.push(t(`admin.roles.${details.role}`, details.role));
  if (Array.isArray(details.fields))
    parts.push(details.fields.map((field) => t(`admin.audit.fields.${String(field)}`, String(field))).join(', '));
  return <>{parts.join(' · ')}</>;
}

/** /admin?section=audit: every moderator and operator action, newest first, narrowed by action, a page at a time. */
export default function AuditSection() {
  const { t, i18n } = useTranslation();
  const filterId = useId();
  const [action, setAction] = useState('');
  const readPage = useCallback(
    async (before?: number) => {
      const page = await (await moderationApi()).audit({
        limit: PAGE,
        ...(before ? { before } : {}),
        ...(action ? { action } : {}),
      });
      return { items: page.entries, next: page.next };
    },
    [action],
  );
  const { items: entries, more } = usePages<AuditEntry>(readPage);

  return (
    <section className="admin-section" aria-labelledby="audit-title" data-testid="audit-section">
      <div className="admin-section-head">
        <h2 id="audit-title" className="section-title">
          {t('admin.sections.audit')}
        </h2>
        <label className="admin-filter" htmlFor={filterId}>
          <span>{t('admin.audit.actionLabel')}</span>
          <select id={filterId} value={action} onChange={(event) => setAction(event.target.value)}>
            <option value="">{t('admin.audit.allActions')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`admin.audit.actions.${a}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {entries === null ? (
        <p role="status">{t('app.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="card">{t('admin.audit.empty')}</p>
      ) : (
        <div className="card table-card">
          <table className="table audit-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.audit.when')}</th>
                <th scope="col">{t('admin.audit.who')}</th>
                <th scope="col">{t('admin.audit.what')}</th>
                <th scope="col">{t('admin.audit.target')}</th>
                <th scope="col">{t('admin.audit.why')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="audit-entry">
                  <td>{momentText(i18n.language, entry.at)}</td>
                  <td>{entry.actor.userId === null ? t('admin.audit.server') : entry.actor.username}</td>
                  <td>
                    <span className={`badge audit-${entry.action}`}>
                      {t(`admin.audit.actions.${entry.action}`, entry.action)}
                    </span>{' '}
                    <Details entry={entry} />
                  </td>
                  <td>{[entry.target.username, entry.target.room].filter(Boolean).join(' · ')}</td>
                  <td className="audit-reason">{entry.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more && (
        <button type="button" className="ghost" onClick={more}>
          {t('admin.older')}
        </button>
      )}
    </section>
  );
}
