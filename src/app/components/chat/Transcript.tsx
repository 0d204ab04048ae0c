import { useTranslation } from 'react-i18next';
import type { TranscriptLine } from '../../../protocol/chat';
import { lineWords } from './line-words';

/**
 * A conversation as a list, oldest first: when, who, what (docs/game.md, "Chat"). Used beside a
 * replay and in the moderators' reports; `marked` is the line a report names. Words are text only.
 */
export function Transcript({
  lines,
  marked,
  label,
}: {
  readonly lines: readonly TranscriptLine[];
  readonly marked?: string | null;
  readonly label: string;
}) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <ol className="transcript" aria-label={label}>
      {lines.map((line) => (
        <li
          key={line.id}
          className={line.id === marked ? 'transcript-line marked' : 'transcript-line'}
          data-channel={line.channel}
          aria-current={line.id === marked ? 'true' : undefined}
        >
          <time dateTime={new Date(line.at).toISOString()}>{time.format(line.at)}</time>
          <span className="transcript-who">
            {line.from.username}
            {line.channel === 'spectators' ? <span className="transcript-tag">{t('chat.spectatorTag')}</span> : null}
          </span>
          <span className={line.quick ? 'transcript-words quick' : 'transcript-words'}>{lineWords(t, line)}</span>
        </li>
      ))}
    </ol>
  );
}
