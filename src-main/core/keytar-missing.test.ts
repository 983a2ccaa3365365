import { afterAll, describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { selectCredentialStore } from '../credentials';
import { startTestCore, type TestCore } from './testing/core';

describe('an install where the optional keytar was skipped', () => {
  let t: TestCore | undefined;
  afterAll(async () => t?.close());

  it('runs on the fallback store and says why in auth.status (the Settings storage notice)', async () => {
    const credentials = await selectCredentialStore({
      loadKeytar: () => Promise.resolve('missing' as const),
      dataDir: '/nonexistent-never-written',
      log: memoryLogger(),
    });
    t = await startTestCore({ core: { credentials } });
    const status = await t.value('auth.status');
    expect(status.storage).toMatchObject({ kind: 'memory', persistent: false });
    expect(status.storage.reason).toMatch(/keychain module \(keytar\) is not installed/);
  });
});
