import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_STATUSES, type GameStatus } from '../../game';
import type { ClusterOverview, ClusterRooms, ConsoleRoom } from '../../protocol/operations';
import type { OperationsApi } from '../../protocol/operations-client';
import { api } from '../api';
import { BannerMessageText } from '../components/BannerMessageText';
import { type BannerText, errorText } from '../errors/error-text';
import { showError } from '../stores/banner';
import { clusterTotals, delayText, durationText, loopIsLate, memoryText, REFRESH_MS } from './operations-view';

async function operationsApi(): Promise<OperationsApi> {
  const { OperationsApi } = await import('../../protocol/operations-client');
  return new OperationsApi(await api());
}

/** One figure of the summary: a name, the number, a word of detail. */
function Tile({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <div className="ops-tile" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <strong>{value}</strong>
        {detail ? <span className="ops-tile-detail">{detail}</span> : null}
      </dd>
    </div>
  );
}

/** The operator's reason for an action, asked inline before it is sent (told to the players, audited). */
function ReasonForm({
  label,
  confirm,
  onSend,
  onCancel,
}: {
  label: string;
  confirm: string;
  onSend: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await onSend(reason.trim());
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="ops-reason" onSubmit={(event) => void send(event)} aria-label={label}>
      <label htmlFor={id}>{t('operations.reason')}</label>
      <input
        id={id}
        value={reason}
        minLength={3}
        maxLength={300}
        required
        placeholder={t('operations.reasonHint')}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="cluster">
        <button type="submit" className="danger small" disabled={sending || reason.trim().length < 3}>
          {confirm}
        </button>
        <button type="button" className="ghost small" onClick={onCancel}>
          {t('operations.cancel')}
        </button>
      </div>
    </form>
  );
}

/** What is asked of one row: closing its room, or disconnecting one of its players. */
type Pending =
  | { readonly kind: 'close'; readonly slug: string }
  | { readonly kind: 'disconnect'; readonly slug: string; readonly userId: string; readonly name: string };

function RoomRow({
  room,
  nodeName,
  now,
  pending,
  onAsk,
  onDone,
}: {
  room: ConsoleRoom;
  /** The name of the node playing it (the rooms name nodes by id). */
  nodeName: string;
  now: number;
  pending: Pending | null;
  onAsk: (pending: Pending | null) => void;
  onDone: (said: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const mine = pending?.slug === room.slug ? pending : null;
  const act = async (reason: string) => {
    if (!mine) return;
    try {
      const client = await operationsApi();
      if (mine.kind === 'close') {
        await client.closeRoom(room.slug, reason);
        onDone(t('operations.closed', { room: room.slug }));
      } else {
        await client.disconnect(mine.userId, reason);
        onDone(t('operations.disconnected', { name: mine.name }));
      }
    } catch (error) {
      showError(errorText(error));
    }
  };
  return (
    <>
      <tr data-testid="ops-room" data-status={room.status}>
        <th scope="row" className="ops-slug">
          {room.slug}
          {room.public ? null : <span className="ops-tag">{t('operations.rooms.private')}</span>}
        </th>
        <td>{nodeName}</td>
        <td>
          <span className={`badge ops-status-${room.status}`}>{t(`operations.status.${room.status}`)}</span>
        </td>
        <td>
          <ul className="ops-players">
            {room.members.map((member) => (
              <li key={member.userId} data-connected={member.connected}>
                <span className="ops-dot" aria-hidden="true" />
                <span>
                  {member.computer ? t('operations.computer', { level: member.computer }) : member.username}
                  <span className="visually-hidden">
                    {' '}
                    ({member.connected ? t('operations.online') : t('operations.offline')})
                  </span>
                </span>
                {member.computer === null && member.connected && (
                  <button
                    type="button"
                    className="ghost chat-tiny"
                    aria-label={t('operations.disconnectLabel', { name: member.username })}
                    onClick={() =>
                      onAsk({ kind: 'disconnect', slug: room.slug, userId: member.userId, name: member.username })
                    }
                  >
                    {t('operations.disconnect')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </td>
        <td className="ops-number">{room.spectators}</td>
        <td className="ops-number">{durationText(i18n.language, now - room.createdAt)}</td>
        <td>
          <button
            type="button"
            className="ghost small"
            aria-label={t('operations.closeLabel', { room: room.slug })}
            onClick={() => onAsk({ kind: 'close', slug: room.slug })}
          >
            {t('operations.close')}
          </button>
        </td>
      </tr>
      {mine && (
        <tr className="ops-ask">
          <td colSpan={7}>
            <ReasonForm
              label={
                mine.kind === 'close'
                  ? t('operations.closeLabel', { room: room.slug })
                  : t('operations.disconnectLabel', { name: mine.name })
              }
              confirm={mine.kind === 'close' ? t('operations.confirmClose') : t('operations.confirmDisconnect')}
              onSend={act}
              onCancel={() => onAsk(null)}
            />
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * /admin?section=operations: the operator's console (docs/deploy.md, "Operator's console") — every
 * node with its phase (serving, draining…), rooms, sockets, computer seats, event-loop delay and
 * memory; the rooms they play, with players, status and age; the quick-match queue. Asked again
 * every few seconds while the page is in view; a room is closed, or a player disconnected, with a
 * reason told to them and kept in the audit log.
 */
export default function OperationsSection() {
  const { t, i18n } = useTranslation();
  const filterId = useId();
  const [overview, setOverview] = useState<ClusterOverview | null>(null);
  const [rooms, setRooms] = useState<ClusterRooms | null>(null);
  const [status, setStatus] = useState<GameStatus | ''>('');
  const [failed, setFailed] = useState<BannerText | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const asking = useRef(false);

  const refresh = useCallback(async () => {
    if (asking.current) return;
    asking.current = true;
    try {
      const client = await operationsApi();
      const [nextOverview, nextRooms] = await Promise.all([
        client.overview(),
        client.rooms(status === '' ? {} : { status }),
      ]);
      setOverview(nextOverview);
      setRooms(nextRooms);
      setFailed(null);
    } catch (error) {
      setFailed(errorText(error));
    } finally {
      asking.current = false;
    }
  }, [status]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void refresh();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const totals = overview ? clusterTotals(overview) : null;
  const now = overview?.at ?? 0;
  const time = overview ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(overview.at) : null;

  return (
    <section className="admin-section ops" aria-labelledby="ops-title" data-testid="operations-section">
      <div className="admin-section-head">
        <h2 id="ops-title" className="section-title">
          {t('operations.section')}
        </h2>
        <p className="ops-updated" role="status" data-testid="ops-updated">
          {failed ? (
            <>
              {t('operations.refreshFailed')} <BannerMessageText text={failed} />
            </>
          ) : time ? (
            t('operations.updated', { time, seconds: REFRESH_MS / 1000 })
          ) : (
            t('app.loading')
          )}
        </p>
      </div>
      {said && (
        <p className="card ops-said" role="status">
          {said}
        </p>
      )}
      {overview && totals && (
        <>
          <dl className="ops-tiles">
            <Tile
              testId="ops-nodes"
              label={t('operations.tiles.nodes')}
              value={number(totals.nodes)}
              detail={
                totals.draining > 0
                  ? t('operations.tiles.draining', { count: totals.draining })
                  : t('operations.tiles.allServing')
              }
            />
            <Tile testId="ops-rooms" label={t('operations.tiles.rooms')} value={number(totals.rooms)} />
            <Tile
              testId="ops-sockets"
              label={t('operations.tiles.sockets')}
              value={number(totals.roomSockets + totals.lobbySockets)}
              detail={t('operations.tiles.socketsDetail', {
                room: number(totals.roomSockets),
                lobby: number(totals.lobbySockets),
              })}
            />
            <Tile
              testId="ops-computers"
              label={t('operations.tiles.computers')}
              value={number(totals.seats)}
              detail={t('operations.tiles.of', { max: number(totals.maxSeats) })}
            />
            <Tile testId="ops-queue" label={t('operations.tiles.queue')} value={number(totals.queue)} />
          </dl>
          {overview.silent.length > 0 && (
            <p className="card ops-warning" role="alert">
              {t('operations.silent', { nodes: overview.silent.join(', ') })}
            </p>
          )}

          <h3 className="ops-heading">{t('operations.nodes.title')}</h3>
          <div className="card table-card">
            <table className="table ops-table">
              <thead>
                <tr>
                  <th scope="col">{t('operations.nodes.name')}</th>
                  <th scope="col">{t('operations.nodes.phase')}</th>
                  <th scope="col">{t('operations.nodes.up')}</th>
                  <th scope="col">{t('operations.nodes.rooms')}</th>
                  <th scope="col">{t('operations.nodes.sockets')}</th>
                  <th scope="col">{t('operations.nodes.computers')}</th>
                  <th scope="col">{t('operations.nodes.loop')}</th>
                  <th scope="col">{t('operations.nodes.memory')}</th>
                </tr>
              </thead>
              <tbody>
                {overview.nodes.map((node) => (
                  <tr key={node.id} data-testid="ops-node" data-phase={node.phase}>
                    <th scope="row">{node.name}</th>
                    <td>
                      <span className={`badge ops-phase-${node.phase}`}>{t(`operations.phases.${node.phase}`)}</span>
                    </td>
                    <td className="ops-number">
                      {node.startedAt > 0 ? durationText(i18n.language, now - node.startedAt) : '—'}
                    </td>
                    <td className="ops-number">{number(node.rooms)}</td>
                    <td className="ops-number">
                      {t('operations.tiles.socketsDetail', {
                        room: number(node.sockets.room),
                        lobby: number(node.sockets.lobby),
                      })}
                    </td>
                    <td className="ops-number">
                      {number(node.computers.seats)} / {number(node.computers.max)}
                    </td>
                    <td className="ops-number" data-late={loopIsLate(node.eventLoopP99Ms)}>
                      {delayText(i18n.language, node.eventLoopP99Ms)}
                    </td>
                    <td className="ops-number">{memoryText(i18n.language, node.rssBytes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {rooms && (
        <>
          <div className="admin-section-head">
            <h3 className="ops-heading">{t('operations.rooms.title')}</h3>
            <label className="admin-filter" htmlFor={filterId}>
              <span>{t('operations.rooms.filter')}</span>
              <select
                id={filterId}
                value={status}
                onChange={(event) => setStatus(event.target.value as GameStatus | '')}
              >
                <option value="">{t('operations.rooms.all')}</option>
                {GAME_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`operations.status.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {rooms.rooms.length === 0 ? (
            <p className="card">{t('operations.rooms.none')}</p>
          ) : (
            <div className="card table-card">
              <table className="table ops-table ops-rooms">
                <thead>
                  <tr>
                    <th scope="col">{t('operations.rooms.room')}</th>
                    <th scope="col">{t('operations.rooms.node')}</th>
                    <th scope="col">{t('operations.rooms.status')}</th>
                    <th scope="col">{t('operations.rooms.players')}</th>
                    <th scope="col">{t('operations.rooms.spectators')}</th>
                    <th scope="col">{t('operations.rooms.age')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('operations.rooms.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rooms.rooms.map((room) => (
                    <RoomRow
                      key={room.slug}
                      room={room}
                      nodeName={overview?.nodes.find((n) => n.id === room.node)?.name ?? room.node}
                      now={rooms.at}
                      pending={pending}
                      onAsk={(next) => {
                        setSaid(null);
                        setPending(next);
                      }}
                      onDone={(text) => {
                        setPending(null);
                        setSaid(text);
                        void refresh();
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {Object.values(rooms.totals).reduce((a, b) => a + b, 0) > rooms.rooms.length && (
            <p className="hint">
              {t('operations.rooms.more', {
                shown: number(rooms.rooms.length),
                total: number(Object.values(rooms.totals).reduce((a, b) => a + b, 0)),
              })}
            </p>
          )}
        </>
      )}

      {overview && (
        <>
          <h3 className="ops-heading">{t('operations.queue.title')}</h3>
          {overview.queue.length === 0 ? (
            <p className="card">{t('operations.queue.empty')}</p>
          ) : (
            <ul className="card ops-queue">
              {overview.queue.map((entry) => (
                <li key={entry.userId}>
                  <strong>{entry.username}</strong> <span className="ops-tag">{entry.rules}</span>{' '}
                  {t('operations.queue.waiting', { age: durationText(i18n.language, now - entry.since) })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
