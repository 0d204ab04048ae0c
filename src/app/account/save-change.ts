import type { UpdatedUser, UpdateUserBody } from '../../protocol/accounts';
import { errorText } from '../errors/error-text';
import { logIn } from '../stores/auth';
import { clearErrors, showError } from '../stores/banner';
import { accountsApi } from './accounts-api';

/**
 * Sends one change of the account page (PUT /users/:id); the answer, or null with the error in the
 * banner. A new token in the answer (a new name, a new password: docs/protocol.md) replaces the
 * stored one at once, so the page's sockets reconnect with it.
 */
export async function saveChange(userId: string, body: UpdateUserBody): Promise<UpdatedUser | null> {
  clearErrors();
  try {
    const answer = await (await accountsApi()).updateUser(userId, body);
    if (answer.access_token && !logIn(answer.access_token)) showError({ key: 'errors.unexpected' });
    return answer;
  } catch (error) {
    showError(errorText(error));
    return null;
  }
}
