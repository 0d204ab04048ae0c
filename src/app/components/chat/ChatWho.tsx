import { useTranslation } from 'react-i18next';
import type { ChatLine } from '../../../protocol/chat';

/** Who said a line, as the chats show it: "You" for one's own, the spectators' tagged as such. */
export function ChatWho({ line, mine }: { line: ChatLine; mine: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="chat-who">
      {mine ? t('chat.you') : line.from.username}
      {line.channel === 'spectators' ? <span className="transcript-tag">{t('chat.spectatorTag')}</span> : null}
    </span>
  );
}
