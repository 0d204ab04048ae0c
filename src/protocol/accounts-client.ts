import { z } from 'zod';
import {
  type AccountExport,
  AccountExportSchema,
  type DeleteUserBody,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  type PublicUser,
  PublicUserSchema,
  type UpdatedUser,
  UpdatedUserSchema,
  type UpdateUserBody,
  type UserSearchPage,
  UserSearchPageSchema,
} from './accounts';
import type { ApiClient } from './api-client';
import { BlocksResponseSchema, type BlockedPlayer } from './moderation';

const MessageSchema = z.object({ message: z.string() });
const EmptySchema = z.object({}).loose();
const BlockedSchema = z.object({ userId: z.string(), username: z.string() });

const user = (id: string): string => `/users/${encodeURIComponent(id)}`;

/**
 * The calls of profiles, search and your account (docs/protocol.md, "Accounts") on an ApiClient
 * and its token. On the original server only `user` and `updateUser` exist (its `PUT /users/:id`
 * takes no current password: a client leaves `currentPassword` out there).
 */
export class AccountsApi {
  constructor(private readonly client: ApiClient) {}

  /** A player's public card (never an e-mail or a password hash, even from the original server). */
  user(id: string): Promise<PublicUser> {
    return this.client.call('GET', user(id), PublicUserSchema, 'Player');
  }

  /** Players whose username starts with `q` (any case), a page at a time. */
  search(q: string, page = 1, pageSize = 20): Promise<UserSearchPage> {
    const query = new URLSearchParams({ q, page: String(page), pageSize: String(pageSize) });
    return this.client.call('GET', `/users/search?${query}`, UserSearchPageSchema, 'Search');
  }

  /** Changes an account: the owner's own (with the current password for the e-mail or the password), or any as an admin. */
  updateUser(id: string, body: UpdateUserBody): Promise<UpdatedUser> {
    return this.client.call('PUT', user(id), UpdatedUserSchema, 'Account change', { body });
  }

  /** Deletes an account: one's own with its password, or another as an admin. */
  async deleteUser(id: string, body: DeleteUserBody): Promise<void> {
    await this.client.call('DELETE', user(id), EmptySchema, 'Account deletion', { body: body ?? {} });
  }

  /** Everything the server keeps about the caller's account. */
  exportMine(): Promise<AccountExport> {
    return this.client.call('GET', '/users/me/export', AccountExportSchema, 'Export');
  }

  /** Asks for a password-reset link by e-mail: the same answer whether the e-mail is registered or not. */
  requestPasswordReset(body: PasswordResetRequest): Promise<string> {
    return this.client
      .call('POST', '/users/auth/password-reset', MessageSchema, 'Password reset', { ok: [202], body })
      .then((answer) => answer.message);
  }

  /** Sets a new password with the token of a reset link. */
  async resetPassword(body: PasswordResetConfirm): Promise<void> {
    await this.client.call('POST', '/users/auth/password-reset/confirm', MessageSchema, 'Password reset', { body });
  }

  /** Blocks a player: nothing passes between the two any more (docs/protocol.md, "Moderation and blocks"). */
  async block(id: string): Promise<void> {
    await this.client.call('POST', `${user(id)}/block`, BlockedSchema, 'Block', { ok: [201] });
  }

  async unblock(id: string): Promise<void> {
    await this.client.call('DELETE', `${user(id)}/block`, EmptySchema, 'Unblock');
  }

  /** The players the caller blocked, most recent first. */
  async blocked(): Promise<BlockedPlayer[]> {
    return (await this.client.call('GET', '/users/me/blocks', BlocksResponseSchema, 'Blocks')).blocked;
  }
}
