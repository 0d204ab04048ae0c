import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { parseServerUrl, type ServerUrlProblem } from '../server/server-url';
import { checkServer, probeServer } from '../session/server-probe';
import { useRoomSessions } from '../session/sessions-context';
import { authStore, logOut } from '../stores/auth';
import { applyProbe, chooseServer, DEFAULT_SERVER, serverLabel, serverStore, serverUrl } from '../stores/server';

type FieldError = ServerUrlProblem | 'unreachable';

/**
 * Login and sign-up, under "Advanced" (docs/game.md, "Another server"): the server this page plays
 * on, remembered in this browser, with the way back to the default. An address is checked before
 * it is kept: it must read as http(s)://host[:port] and answer. Another server is another set of
 * accounts, so whoever is logged in is logged out when it changes.
 */
export function ServerChoice() {
  const { t } = useTranslation();
  const id = useId();
  const sessions = useRoomSessions();
  const { chosen, capabilities, reach } = useSnapshot(serverStore);
  const [text, setText] = useState(chosen ?? '');
  const [error, setError] = useState<{ problem: FieldError; server: string } | null>(null);
  const [busy, setBusy] = useState(false);

  function switchTo(server: string | null): void {
    if (!chooseServer(server)) return;
    sessions.closeAll();
    if (authStore.user) logOut();
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const parsed = parseServerUrl(text);
    if (!parsed.ok) {
      setError({ problem: parsed.problem, server: text.trim() });
      return;
    }
    setError(null);
    if (parsed.url === '' || parsed.url === DEFAULT_SERVER) {
      reset();
      return;
    }
    setBusy(true);
    const outcome = await probeServer(parsed.url);
    setBusy(false);
    if (outcome === 'unreachable') {
      setError({ problem: 'unreachable', server: parsed.url });
      return;
    }
    switchTo(parsed.url);
    setText(parsed.url);
    applyProbe(parsed.url, outcome);
  }

  function reset(): void {
    setError(null);
    setText('');
    switchTo(null);
    void checkServer();
  }

  const errorId = `${id}-error`;
  const server = serverLabel(serverUrl());
  return (
    <details className="server-choice" open={chosen !== null || undefined}>
      <summary>{t('server.advanced')}</summary>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={id}>{t('server.label')}</label>
          <input
            id={id}
            name="server"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder={serverLabel(DEFAULT_SERVER)}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : `${id}-hint`}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <span id={errorId} className="field-error">
              {t(`server.errors.${error.problem}`, { server: error.server })}
            </span>
          ) : (
            <span id={`${id}-hint`} className="hint">
              {t('server.hint')}
            </span>
          )}
        </div>
        <div className="cluster server-actions">
          <button type="submit" className="small" disabled={busy}>
            {busy ? t('server.checking') : t('server.use')}
          </button>
          {chosen !== null && (
            <button type="button" className="small ghost" onClick={reset}>
              {t('server.reset')}
            </button>
          )}
        </div>
      </form>
      <p className="hint server-status" role="status" data-server={capabilities.server} data-reach={reach}>
        {reach === 'unreachable'
          ? t('server.unreachable', { server })
          : `${t('server.playingOn', { server })} ${
              reach === 'checking' ? '' : capabilities.server === 'spec' ? t('server.specOnly') : t('server.broadside')
            }`}
      </p>
    </details>
  );
}
