import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { Store } from '../../server/db/store';

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
    await store.createUser({ id, username: id, email: `${id}@test.dev`, passwordHash: 'x' });
  }
  await store.createRoom('calm-harbor', 'u1');
  await store.addMember('calm-harbor', 'u2', 1);
  return store.startRound('calm-harbor', 1);
}

describe('the synchronous shot write on embedded SQLite', () => {
  it('commits before addShot returns, and the row survives a reopen', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'broadside-store-'));
    dirs.push(dataDir);
    const first = await freshStore(dataDir);
    const gameId = await roundWithTwoPlayers(first.store);
    const written = first.store.addShot('calm-harbor', gameId, 0, { shooterId: 'u1', x: 3, y: 4, result: 'M' }, null);
    expect(written).toBeUndefined();
    await first.close();

    const again = await freshStore(dataDir);
    expect(await again.store.shotsOf(gameId)).toEqual([{ shooterId: 'u1', x: 3, y: 4, result: 'M' }]);
    await again.close();
  });

  it('never slips into a transaction that another write holds open: it waits for it instead', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'broadside-store-'));
    dirs.push(dataDir);
    const { store, close } = await freshStore(dataDir);
    const gameId = await roundWithTwoPlayers(store);
    const before = (await store.loadRoom('calm-harbor'))?.status;
    let written: unknown = 'not called';
    // A transaction that is rolled back after the shot was requested in its middle.
    const rolledBack = store.db.transaction().execute(async (tx) => {
      await tx.updateTable('rooms').set({ status: 'ENDED' }).where('slug', '=', 'calm-harbor').execute();
      written = store.addShot('calm-harbor', gameId, 0, { shooterId: 'u1', x: 0, y: 0, result: 'H' }, null);
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(written).toBeInstanceOf(Promise);
    await written;
    expect(await store.shotsOf(gameId)).toEqual([{ shooterId: 'u1', x: 0, y: 0, result: 'H' }]);
    // The rolled-back update is gone, the shot that waited for the rollback is kept.
    expect((await store.loadRoom('calm-harbor'))?.status).toBe(before);
    await close();
  });
});
