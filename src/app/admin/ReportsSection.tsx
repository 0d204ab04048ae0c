import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '../../protocol/chat';
import { Transcript } from '../components/chat/Transcript';
import { errorText } from '../errors/error-text';
import { showError } from '../stores/banner';
import { AccountActions } from './AccountActions';
import { moderationApi } from './moderation-api';
import { momentText } from './moment';
import { usePages } from './use-pages';

const FILTERS = ['open', 'closed', 'all'] as const;
type Filter = (typeof FILTERS)[number];
const PAGE = 20;

/** Closing a report: nothing to do, or something was done; with a note for the other moderators. */
function CloseReport({ report, onClosed }: { readonly report: Report; readonly onClosed: (report: Report) => void }) {
  const { t } = useTranslation();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const close = async (status: 'dismissed' | 'actioned') => {
    setBusy(true);
    try {
      const client = await moderationApi();
      onClosed(await client.resolve(report.id, note.trim() ? { status, note: note.trim() } : { status }));
    } catch (error) {
      showError(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="report-close">
      <label htmlFor={noteId}>
        <span>{t('admin.reports.note')}</span>
        <input id={noteId} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      </label>
      <div className="account-buttons">
        <button type="button" className="primary" disabled={busy} onClick={() => void close('actioned')}>
          {t('admin.reports.actioned')}
        </button>
        <button type="button" className="ghost" disabled={busy} onClick={() => void close('dismissed')}>
          {t('admin.reports.dismiss')}
        </button>
      </div>
    </div>
  );
}

function ReportCard({ report, onClosed }: { readonly report: Report; readonly onClosed: (report: Report) => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const where =
    report.context === 'room'
      ? t('admin.reports.inRoom', { room: report.room ?? '' })
      : report.context === 'conversation'
        ? t('admin.reports.inConversation')
        : t('admin.reports.noContext');
  return (
    <article className="card report" aria-labelledby={titleId} data-testid="report" data-status={report.status}>
      <header className="report-head">
        <h3 id={titleId}>
          <span className="badge danger">{t(`admin.reports.categories.${report.category}`)}</span>{' '}
          {t('admin.reports.about', { name: report.target.username })}
        </h3>
        <p className="report-meta">
          {t('admin.reports.by', { name: report.reporter.username, when: momentText(i18n.language, report.at) })} ·{' '}
          {where}
        </p>
      </header>
      {report.note ? <blockquote className="report-note">{report.note}</blockquote> : null}
      {report.transcript.length > 0 ? (
        <Transcript
          lines={report.transcript}
          marked={report.lineId}
          label={t('admin.reports.transcript', { name: report.target.username })}
        />
      ) : (
        <p className="report-meta">{t('admin.reports.noTranscript')}</p>
      )}
      {report.status === 'open' ? (
        <>
          <AccountActions userId={report.target.userId} username={report.target.username} />
          <CloseReport report={report} onClosed={onClosed} />
        </>
      ) : (
        <p className="report-meta" data-testid="report-closed">
          {t(`admin.reports.closed.${report.status}`, {
            name: report.resolvedBy?.username ?? '',
            when: report.resolvedAt ? momentText(i18n.language, report.resolvedAt) : '',
          })}
          {report.resolution ? ` — ${report.resolution}` : ''}
        </p>
      )}
    </article>
  );
}

/** /admin?section=reports (the first tab, /admin itself): the reports, open ones first shown, each with its transcript and what to do about it. */
export default function ReportsSection() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('open');
  const [open, setOpen] = useState<number | null>(null);

  const readPage = useCallback(
    async (before?: number) => {
      const page = await (await moderationApi()).reports({
        status: filter,
        limit: PAGE,
        ...(before ? { before } : {}),
      });
      setOpen(page.open);
      return { items: page.reports, next: page.next };
    },
    [filter],
  );
  const { items: reports, setItems: setReports, more } = usePages<Report>(readPage);

  const closed = (report: Report) => {
    setReports((known) => (known ?? []).map((r) => (r.id === report.id ? report : r)));
    setOpen((count) => (count === null ? null : Math.max(0, count - 1)));
  };

  return (
    <section className="admin-section" aria-labelledby="reports-title" data-testid="reports-section">
      <div className="admin-section-head">
        <h2 id="reports-title" className="section-title">
          {t('admin.sections.reports')}
          {open !== null ? <span className="badge accent">{t('admin.reports.openCount', { count: open })}</span> : null}
        </h2>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('admin.reports.filter')}</legend>
          {FILTERS.map((f) => (
            <button key={f} type="button" aria-pressed={filter === f} onClick={() => setFilter(f)}>
              {t(`admin.reports.filters.${f}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {reports === null ? (
        <p role="status">{t('app.loading')}</p>
      ) : reports.length === 0 ? (
        <p className="card">{t(filter === 'open' ? 'admin.reports.noneOpen' : 'admin.reports.none')}</p>
      ) : (
        <div className="reports">
          {reports.map((report) => (
            <ReportCard key={report.id} report={report} onClosed={closed} />
          ))}
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
