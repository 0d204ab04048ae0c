import { z } from 'zod';
import { LineTextSchema } from './chat-text';
import { SlugSchema, UserRefSchema } from './schemas';

/*
 * Talking at the table (docs/protocol.md, "Chat"): the /room `chat` event in both dialects, the
 * quick messages, the lines kept with a game, a player's own mutes, and reports.
 */

/**
 * Quick messages: a fixed set sent as codes and shown in each reader's language. Never change the
 * spelling of a code; add new ones at the end.
 */
export const QUICK_MESSAGES = ['hello', 'good-luck', 'nice-shot', 'oops', 'thanks', 'well-played', 'rematch'] as const;
export type QuickMessage = (typeof QUICK_MESSAGES)[number];
export const QuickMessageSchema = z.enum(QUICK_MESSAGES, {
  error: (issue) => `unknown quick message ${JSON.stringify(issue.input)}; one of ${QUICK_MESSAGES.join(', ')}`,
});

/** Who reads a line: the two players, or the spectators (whose lines reach the players once the game is over). */
export const CHAT_CHANNELS = ['players', 'spectators'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
export const ChatChannelSchema = z.enum(CHAT_CHANNELS);

/** How many of a room's latest lines a client is sent when it joins or watches. */
export const RECENT_LINES = 50;

/** broadside/2 `chat`: a line of text or a quick message, never both. */
export const ChatPayloadSchema = z
  .strictObject(
    { text: LineTextSchema.optional(), quick: QuickMessageSchema.optional() },
    { error: 'a chat line is {"text": "…"} or {"quick": "<code>"}' },
  )
  .refine((payload) => (payload.text === undefined) !== (payload.quick === undefined), {
    error: 'a chat line is {"text": "…"} or {"quick": "<code>"}, one of the two',
  })
  .transform((payload): { text: string } | { quick: QuickMessage } =>
    payload.quick !== undefined ? { quick: payload.quick } : { text: payload.text ?? '' },
  );
export type ChatPayload = z.infer<typeof ChatPayloadSchema>;

/**
 * The SPEC dialect's `chat`, as the original server takes it: its payload is broadcast as it
 * came, so its shape is the sender's. Read here: a bare string, `{message}` (what a client written
 * from docs/protocol.md sends) or the original's own `{text, timeSent}`; the text is cleaned like
 * any line, `timeSent` is kept as given (a short string).
 */
export const SpecChatPayloadSchema = z.union(
  [
    LineTextSchema,
    z.strictObject({ message: LineTextSchema, timeSent: z.string().max(64).optional() }),
    z.strictObject({ text: LineTextSchema, timeSent: z.string().max(64).optional() }),
  ],
  { error: 'a chat message is a string, {"message": "…"} or {"text": "…", "timeSent": "…"}' },
);
export type SpecChatPayload = z.infer<typeof SpecChatPayloadSchema>;

/** The text a SPEC payload carries. */
export function specPayloadText(payload: SpecChatPayload): string {
  if (typeof payload === 'string') return payload;
  return 'message' in payload ? payload.message : payload.text;
}

/** One line as broadside/2 sends it: its own event, never part of a state frame. */
export const ChatLineSchema = z
  .object({
    /** The line's id, for a report. */
    id: z.string(),
    /** Epoch ms, the server's clock. */
    at: z.number(),
    from: UserRefSchema,
    channel: ChatChannelSchema,
    text: z.string().optional(),
    quick: QuickMessageSchema.optional(),
  })
  .refine((line) => (line.text === undefined) !== (line.quick === undefined), 'a line has a text or a quick code');
export type ChatLine = z.infer<typeof ChatLineSchema>;

/** The ack of a broadside/2 `chat`: the line as stored (every member also receives it as a `chat` event). */
export const ChatAckSchema = ChatLineSchema;

/** `chatHistory`, sent after a join or a watch: the room's latest lines the socket may read, oldest first. */
export const ChatHistorySchema = z.object({ slug: z.string(), lines: z.array(ChatLineSchema) });
export type ChatHistory = z.infer<typeof ChatHistorySchema>;

/** A finished game's line with the move it was said at: how many shots had been fired (0: before the first). */
export const GameChatLineSchema = z.intersection(ChatLineSchema, z.object({ move: z.number().int().nonnegative() }));
export type GameChatLine = z.infer<typeof GameChatLineSchema>;

/** `GET /games/:id/chat`: a finished game's lines, beside its replay (docs/protocol.md, "Chat"). */
export const GameChatSchema = z.object({ gameId: z.number(), lines: z.array(GameChatLineSchema) });
export type GameChat = z.infer<typeof GameChatSchema>;

/** A player this account muted (one-sided: their lines are not shown to it). `GET /users/me/mutes`. */
export const MutedPlayerSchema = z.object({ userId: z.string(), username: z.string(), since: z.number() });
export type MutedPlayer = z.infer<typeof MutedPlayerSchema>;
export const MutesResponseSchema = z.object({ muted: z.array(MutedPlayerSchema) });

/* Reports (docs/game.md, "Reporting a player"): a line or a player, kept with the transcript. */

export const REPORT_CATEGORIES = ['abuse', 'spam', 'cheating', 'name', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export const ReportCategorySchema = z.enum(REPORT_CATEGORIES);

/** What a report is about: a line of a room's chat, or a player (in a room, or in a conversation of direct messages). */
export const ReportBodySchema = z.strictObject({
  userId: z.string().trim().min(1).max(64),
  category: ReportCategorySchema,
  note: z.string().trim().max(500).optional(),
  /** The room where it happened: its transcript goes with the report. */
  room: SlugSchema.optional(),
  /** The line reported, one of that room's. */
  lineId: z
    .string()
    .regex(/^\d{1,15}$/, 'a line id is a number')
    .optional(),
  /** A conversation of direct messages with the player: its transcript goes with the report. */
  conversation: z.literal(true).optional(),
});
export type ReportBody = z.infer<typeof ReportBodySchema>;

/** A line of a report's transcript: a chat line of the room, or a direct message. */
export const TranscriptLineSchema = z.object({
  id: z.string(),
  at: z.number(),
  from: UserRefSchema,
  /** `players`/`spectators` for a room's line, `message` for a direct message. */
  channel: z.string(),
  text: z.string().optional(),
  quick: QuickMessageSchema.optional(),
});
export type TranscriptLine = z.infer<typeof TranscriptLineSchema>;

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const ReportSchema = z.object({
  id: z.number(),
  at: z.number(),
  reporter: UserRefSchema,
  target: UserRefSchema,
  category: ReportCategorySchema,
  note: z.string().nullable(),
  room: z.string().nullable(),
  gameId: z.number().nullable(),
  /** The reported line, when a line was reported. */
  lineId: z.string().nullable(),
  context: z.enum(['room', 'conversation', 'player']),
  transcript: z.array(TranscriptLineSchema),
  status: z.enum(REPORT_STATUSES),
  resolvedAt: z.number().nullable(),
  resolvedBy: UserRefSchema.nullable(),
  resolution: z.string().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

/** `POST /reports` answers the report's id (the reporter sees nothing else of it). */
export const ReportFiledSchema = z.object({ id: z.number() });

/** `GET /admin/reports?status&limit&before`: newest first. */
export const ReportsQuerySchema = z.strictObject({
  /** `closed`: dismissed or actioned; `all`: every one. */
  status: z.enum([...REPORT_STATUSES, 'closed', 'all']).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.coerce.number().int().min(1).optional(),
  userId: z.string().trim().min(1).max(64).optional(),
});
export const ReportsPageSchema = z.object({
  reports: z.array(ReportSchema),
  next: z.number().nullable(),
  /** How many reports are open in all (the count beside the moderators' entry). */
  open: z.number().int(),
});
export type ReportsPage = z.infer<typeof ReportsPageSchema>;

/** What a client asks `GET /admin/reports` for (the defaults fill the rest). */
export interface ReportsQuery {
  readonly status?: ReportStatus | 'closed' | 'all';
  readonly limit?: number;
  readonly before?: number;
  readonly userId?: string;
}

/** `POST /admin/reports/:id/resolve`: closed as dismissed (nothing to do) or actioned, with a note. */
export const ResolveReportBodySchema = z.strictObject({
  status: z.enum(['dismissed', 'actioned']),
  note: z.string().trim().max(500).optional(),
});
export type ResolveReportBody = z.infer<typeof ResolveReportBodySchema>;
