import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { ROUTES } from '../../routing/paths';
import { isOwnOrigin } from '../../server/server-url';
import { serverLabel, serverStore, serverUrl } from '../../stores/server';

/**
 * Home: which server the page plays on when it is not the one that served it, what that server
 * does not offer (the original speaks the SPEC dialect only), or that it cannot be reached.
 */
export function ServerNote() {
  const { t } = useTranslation();
  const { capabilities, reach } = useSnapshot(serverStore);
  const server = serverUrl();
  if (reach === 'unreachable') {
    return (
      <p className="notice server-note" role="alert">
        {t('server.unreachable', { server: serverLabel(server) })} <Link href={ROUTES.login}>{t('server.change')}</Link>
      </p>
    );
  }
  if (isOwnOrigin(server, location.origin)) return null;
  return (
    <p className="hint server-note" data-server={capabilities.server}>
      {t('server.playingOn', { server: serverLabel(server) })}{' '}
      {capabilities.server === 'spec' && reach === 'reachable' && t('server.specOnly')}
    </p>
  );
}
