import { z } from 'zod';
import type { ApiClient } from './api-client';
import {
  type GameChat,
  GameChatSchema,
  type MutedPlayer,
  MutesResponseSchema,
  type Report,
  type ReportBody,
  ReportFiledSchema,
  ReportSchema,
  type ReportsPage,
  ReportsPageSchema,
  type ReportsQuery,
  type ResolveReportBody,
} from './chat';
import { type AuditPage, AuditPageSchema, type ModerationStatus, ModerationStatusSchema } from './moderation';

const EmptySchema = z.object({}).loose();
const MutedSchema = z.object({ userId: z.string(), username: z.string() });

const user = (id: string): string => `/users/${encodeURIComponent(id)}`;
const admin = (id: string): string => `/admin/users/${encodeURIComponent(id)}`;

/** A query string of the defined values, with its `?`, or nothing. */
function queryOf(values: Readonly<Record<string, string | number | undefined>>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** A player's side of the chat's HTTP routes (docs/protocol.md, "Chat"): own mutes, reports, a game's lines. */
export class ChatApi {
  constructor(private readonly client: ApiClient) {}

  /** Mutes a player for this account (one-sided, remembered): their lines are no longer shown to it. */
  async mute(id: string): Promise<void> {
    await this.client.call('POST', `${user(id)}/mute`, MutedSchema, 'Mute', { ok: [201] });
  }

  async unmute(id: string): Promise<void> {
    await this.client.call('DELETE', `${user(id)}/mute`, EmptySchema, 'Unmute');
  }

  async muted(): Promise<MutedPlayer[]> {
    return (await this.client.call('GET', '/users/me/mutes', MutesResponseSchema, 'Mutes')).muted;
  }

  /** Reports a player or one of their lines; answers the report's id. */
  async report(body: ReportBody): Promise<number> {
    return (await this.client.call('POST', '/reports', ReportFiledSchema, 'Report', { ok: [200, 201], body })).id;
  }

  /** A finished game's lines (its players and moderators only). */
  gameChat(gameId: number): Promise<GameChat> {
    return this.client.call('GET', `/games/${gameId}/chat`, GameChatSchema, 'Game chat');
  }
}

/** The moderators' calls (docs/protocol.md, "Moderation"): reports, accounts' bans and mutes, the audit log. */
export class ModerationApi {
  constructor(private readonly client: ApiClient) {}

  reports(query: ReportsQuery = {}): Promise<ReportsPage> {
    const path = `/admin/reports${queryOf({ ...query })}`;
    return this.client.call('GET', path, ReportsPageSchema, 'Reports');
  }

  report(id: number): Promise<Report> {
    return this.client.call('GET', `/admin/reports/${id}`, ReportSchema, 'Report');
  }

  resolve(id: number, body: ResolveReportBody): Promise<Report> {
    return this.client.call('POST', `/admin/reports/${id}/resolve`, ReportSchema, 'Closing the report', { body });
  }

  status(userId: string): Promise<ModerationStatus> {
    return this.client.call('GET', admin(userId), ModerationStatusSchema, 'Account');
  }

  /** Bans for `minutes`, or until lifted when absent. */
  ban(userId: string, reason: string, minutes?: number): Promise<ModerationStatus> {
    const body = minutes === undefined ? { reason } : { reason, minutes };
    return this.client.call('POST', `${admin(userId)}/ban`, ModerationStatusSchema, 'Ban', { body });
  }

  unban(userId: string, reason?: string): Promise<ModerationStatus> {
    const body = reason ? { reason } : {};
    return this.client.call('DELETE', `${admin(userId)}/ban`, ModerationStatusSchema, 'Lifting the ban', { body });
  }

  mute(userId: string, reason: string, minutes: number): Promise<ModerationStatus> {
    return this.client.call('POST', `${admin(userId)}/mute`, ModerationStatusSchema, 'Mute', {
      body: { reason, minutes },
    });
  }

  unmute(userId: string, reason?: string): Promise<ModerationStatus> {
    const body = reason ? { reason } : {};
    return this.client.call('DELETE', `${admin(userId)}/mute`, ModerationStatusSchema, 'Lifting the mute', { body });
  }

  audit(query: { limit?: number; before?: number; userId?: string; action?: string } = {}): Promise<AuditPage> {
    return this.client.call('GET', `/admin/audit${queryOf(query)}`, AuditPageSchema, 'Audit log');
  }
}
