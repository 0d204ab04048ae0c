import type { LoginBody } from '../../protocol/types';
import { api } from '../api';
import { bannedText } from '../errors/banned-text';
import { errorText } from '../errors/error-text';
import { i18n } from '../i18n/setup';
import { logIn } from '../stores/auth';
import { clearErrors, showError } from '../stores/banner';

/** Logs in and stores the user; failures go to the banner (docs/game.md, Errors the player sees). True on success. */
export async function logInWithPassword(body: LoginBody): Promise<boolean> {
  try {
    const { access_token } = await (await api()).login(body);
    if (!logIn(access_token)) {
      showError({ key: 'errors.unexpected' });
      return false;
    }
    clearErrors();
    return true;
  } catch (error) {
    showError(bannedText(error, i18n.language) ?? errorText(error));
    return false;
  }
}
