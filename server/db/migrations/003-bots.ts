import type { Kysely } from 'kysely';

const LEVELS = ['easy', 'medium', 'hard'] as const;

/**
 * Issue 12. Computer players are real users (one row per level, `users.bot_level` set), members of
 * their rooms like people, so rooms, games, shots, replays and statistics need no special case.
 * Their password hash is not a hash at all: no password ever verifies against it, and their e-mail
 * is on the reserved `.invalid` domain, so nobody can log in as them. `rooms.is_public` lists a
 * room among the open games (0/1: SQLite has no boolean and better-sqlite3 binds no JS booleans).
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely migrations run against the database as it was then, not today's typed schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('bot_level', 'text').execute();
  await db.schema
    .alterTable('rooms')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const now = Date.now();
  await db
    .insertInto('users')
    .values(
      LEVELS.map((level) => ({
        id: `bot-${level}`,
        username: `Computer (${level.charAt(0).toUpperCase()}${level.slice(1)})`,
        email: `bot-${level}@computer.broadside.invalid`,
        password_hash: '!computer-player',
        created_at: now,
        bot_level: level,
      })),
    )
    .execute();
  await db.schema.createIndex('rooms_public').on('rooms').columns(['is_public', 'status']).execute();
}
