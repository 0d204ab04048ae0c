import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { Store } from '../../server/db/store';
import { shotWrite } from '../support/storage-contract';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function freshStore(dataDir: string): Promise<{ store: Store; close: () => Promise<void> }> {
  const { db, runSync } = await openDatabase(dataDir, null);
  return { store: new Store(db, runSync), close: () => db.destroy() };
}

async function roundWithTwoPlayers(store: Store): Promise<number> {
  for (const id of ['u1', 'u2']) {
    await store.users.createUser({ id, username: id, email: `${id}@test.dev`, passwordHash: 'x' });
  }
  await store.rooms.createRoom('calm-harbor', 'u1');
  await store.rooms.addMember('calm-harbor', 'u2', 1);
  return store.rounds.startRound('calm-harbor', 1);
}

describe('the shots write on embedded SQLite', () => {
  it('commits the shots of one event-loop turn together, settling each only once stored, and they survive a reopen', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'broadside-store-'));
    dirs.push(dataDir);
    const first = await freshStore(dataDir);
    const gameId = await roundWithTwoPlayers(first.store);
    const before = first.store.rounds.moveCommits;
    let stored = 0;
    const writes = [0, 1, 2, 3].map((seq) =>
      Promise.resolve(
        first.store.rounds.addShot(
          shotWrite('calm-harbor', gameId, seq, { shooterId: seq % 2 ? 'u2' : 'u1', x: seq, y: 4, result: 'M' }, null),
        ),
      ).then(() => {
        stored++;
      }),
    );
    // Nothing is reported stored within the turn that asked for it.
    await Promise.resolve();
    expect(stored).toBe(0);
    await Promise.all(writes);
    expect(first.store.rounds.moveCommits).toEqual({ commits: before.commits + 1, shots: before.shots + 4 });
    await first.close();

    const again = await freshStore(dataDir);
    expect((await again.store.rounds.shotsOf(gameId)).map((s) => s.x)).toEqual([0, 1, 2, 3]);
    await again.close();
  });

  it('fails only the write that breaks a constraint when the shared commit fails', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'broadside-store-'));
    dirs.push(dataDir);
    const { store, close } = await freshStore(dataDir);
    const gameId = await roundWithTwoPlayers(store);
    const ok = store.rounds.addShot(
      shotWrite('calm-harbor', gameId, 0, { shooterId: 'u1', x: 1, y: 1, result: 'M' }, null),
    );
    // The same (game, seq) twice: the second insert breaks the primary key.
    const clash = store.rounds.addShot(
      shotWrite('calm-harbor', gameId, 0, { shooterId: 'u2', x: 2, y: 2, result: 'M' }, null),
    );
    const last = store.rounds.addShot(
      shotWrite('calm-harbor', gameId, 1, { shooterId: 'u2', x: 3, y: 3, result: 'H' }, null),
    );
    await expect(ok).resolves.toBeUndefined();
    await expect(clash).rejects.toThrow();
    await expect(last).resolves.toBeUndefined();
    expect(await store.rounds.shotsOf(gameId)).toEqual([
      { shooterId: 'u1', x: 1, y: 1, result: 'M' },
      { shooterId: 'u2', x: 3, y: 3, result: 'H' },
    ]);
    await close();
  });

  it('never slips into a transaction that another write holds open: it waits for it instead', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'broadside-store-'));
    dirs.push(dataDir);
    const { store, close } = await freshStore(dataDir);
    const gameId = await roundWithTwoPlayers(store);
    const before = (await store.rooms.loadRoom('calm-harbor'))?.status;
    let written: unknown = 'not called';
    // A transaction that is rolled back after the shot was requested in its middle.
    const rolledBack = store.db.transaction().execute(async (tx) => {
      await tx.updateTable('rooms').set({ status: 'ENDED' }).where('slug', '=', 'calm-harbor').execute();
      written = store.rounds.addShot(
        shotWrite('calm-harbor', gameId, 0, { shooterId: 'u1', x: 0, y: 0, result: 'H' }, null),
      );
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(written).toBeInstanceOf(Promise);
    await written;
    expect(await store.rounds.shotsOf(gameId)).toEqual([{ shooterId: 'u1', x: 0, y: 0, result: 'H' }]);
    // The rolled-back update is gone, the shot that waited for the rollback is kept.
    expect((await store.rooms.loadRoom('calm-harbor'))?.status).toBe(before);
    await close();
  });
});
