import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DirectMessage } from '../../../protocol/direct-messages';
import { errorText } from '../../errors/error-text';
import { friendsApi } from '../../people/friends-api';
import { checkDraft, TEXT_MAX } from '../../people/message-draft';
import { showError } from '../../stores/banner';

/**
 * One's own direct message being edited in place (PUT /messages/:id, docs/protocol.md): the text
 * under the chat's rules with its counter, Enter or Save to keep it, Escape or Cancel to leave it
 * as it was. An unchanged text closes the editor without a call. The friend sees the new text live,
 * marked "edited".
 */
export function MessageEditor({
  message,
  onDone,
}: {
  readonly message: DirectMessage;
  /** Called with the message as the server now has it, or null when nothing changed. */
  readonly onDone: (edited: DirectMessage | null) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(message.message);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const check = checkDraft(draft);

  useEffect(() => {
    const element = field.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const save = async (): Promise<void> => {
    if (!check.sendable || busy) return;
    if (check.text === message.message) {
      onDone(null);
      return;
    }
    setBusy(true);
    try {
      onDone(await (await friendsApi()).editMessage(message.id, check.text));
    } catch (error) {
      showError(errorText(error));
      setBusy(false);
    }
  };

  return (
    <form
      className="message-editor"
      data-testid="message-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="visually-hidden" htmlFor={`edit-${message.id}`}>
        {t('messages.editLabel')}
      </label>
      <textarea
        id={`edit-${message.id}`}
        ref={field}
        rows={2}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void save();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onDone(null);
          }
        }}
        data-testid="message-edit-field"
      />
      <div className="message-editor-actions">
        <span className={`hint ${check.over > 0 ? 'error-text' : ''}`}>
          {check.length}/{TEXT_MAX}
        </span>
        <button type="button" className="ghost small" onClick={() => onDone(null)}>
          {t('messages.editCancel')}
        </button>
        <button type="submit" className="small" disabled={busy || !check.sendable} data-testid="message-edit-save">
          {t('messages.editSave')}
        </button>
      </div>
    </form>
  );
}
