import { z } from 'zod';
import { LineTextSchema } from './chat-text';
import { FriendUserSchema } from './friends';

/*
 * Direct messages between friends (docs/protocol.md, "Direct messages"): the original system's
 * routes and shapes — `GET /messages` (every conversation, by the other player's username),
 * `POST /messages/:userId {message}`, `GET /messages/:userId`, `PUT /messages/:id {message}`,
 * `DELETE /messages/:id` (a soft delete) — and ours beside them: the conversations with their
 * unread counts, marking a conversation read, and live delivery on /lobby.
 */

/**
 * A message as both players see it. A deleted one keeps its place, `deleted` true and its text
 * gone (`message` empty: ours never sends the text of a deleted message).
 */
export const DirectMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  deleted: z.boolean(),
  sender: FriendUserSchema,
  receiver: FriendUserSchema,
  /** ISO 8601. */
  creation_date: z.string(),
  /** ISO 8601 of the author's last edit, null when never edited (ours). */
  edited_date: z.string().nullish(),
  /** ISO 8601 when the receiver read it, null while unread (ours). */
  read_date: z.string().nullish(),
});
export type DirectMessage = z.infer<typeof DirectMessageSchema>;
export const DirectMessagesSchema = z.array(DirectMessageSchema);
/** `GET /messages`: every conversation's messages (not the deleted ones), by the other player's username. */
export const AllMessagesSchema = z.record(z.string(), z.array(DirectMessageSchema));

/**
 * `POST /messages/:userId` and `PUT /messages/:id`: the text, cleaned and 1–300 characters as a chat
 * line (chat-text.ts). Other keys are ignored, as the original's validation pipe does.
 */
export const MessageBodySchema = z.object({ message: LineTextSchema });

/** `GET /messages/:userId?before&limit` (ours): the messages before an epoch ms, `limit` of them (100 at most). */
export const ConversationQuerySchema = z.strictObject({
  before: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ConversationQuery = z.input<typeof ConversationQuerySchema>;

/** `GET /messages/conversations` (ours): one entry per player talked with, the latest first. */
export const ConversationSchema = z.object({
  user: FriendUserSchema,
  last: DirectMessageSchema,
  unread: z.number().int().min(0),
  /** Whether a message may be sent now (friends, no block). */
  canWrite: z.boolean(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
export const ConversationsSchema = z.object({ conversations: z.array(ConversationSchema) });

/** Unread messages: in all, and per sender's id (ours: `GET /messages/unread`, and live on /lobby). */
export const UnreadSchema = z.object({
  total: z.number().int().min(0),
  byUser: z.record(z.string(), z.number().int().min(0)),
});
export type Unread = z.infer<typeof UnreadSchema>;

/** `POST /messages/:userId/read` (ours): how many messages it marked read. */
export const MarkReadSchema = z.object({ read: z.number().int().min(0) });
