/**
 * True when a write failed on a unique key: SQLite's SQLITE_CONSTRAINT_PRIMARYKEY/_UNIQUE, or
 * PostgreSQL's unique_violation (23505). A shot's (game_id, seq) key is how the database arbitrates
 * between two nodes that both believe they play a room (docs/architecture.md, "Several nodes").
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
