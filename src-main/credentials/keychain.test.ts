import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import type { KeytarLike } from './keytar-store';
import { keytarStore } from './keytar-store';
import { loadKeytar } from './load-keytar';
import { probeKeychain } from './probe';
import { selectCredentialStore } from './select';
import { describeFailure } from './errors';

/*
 * keytar against the real OS keychain (on Linux: gnome-keyring over D-Bus, which
 * scripts/with-keyring.sh provides headless). Where none answers these tests skip and say why;
 * under with-keyring.sh (MARQUEE_KEYRING=1) a missing keychain is a failure instead.
 */
const SERVICE = `Marquee test ${process.pid}.${randomBytes(4).toString('hex')}`;

async function findKeychain(): Promise<{ keytar: KeytarLike } | { reason: string }> {
  let keytar: KeytarLike;
  try {
    const loaded = await loadKeytar();
    // keytar is optional (it needs libsecret to build); CI installs it, so there this is a failure.
    if (loaded === 'missing') return { reason: 'keytar is not installed' };
    keytar = loaded;
  } catch (error) {
    return { reason: `keytar could not be loaded: ${describeFailure(error)}` };
  }
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS) {
    return {
      reason:
        'no D-Bus session (DBUS_SESSION_BUS_ADDRESS is unset); run through scripts/with-keyring.sh',
    };
  }
  const probe = await probeKeychain(keytar, SERVICE, 5000);
  return probe.ok ? { keytar } : { reason: `no Secret Service answered: ${probe.reason}` };
}

const found = await findKeychain();
const keytar = 'keytar' in found ? found.keytar : undefined;
const reason = 'reason' in found ? found.reason : undefined;
const skipped = reason === undefined ? '' : ` (skipped: ${reason})`;
const promised = process.env.MARQUEE_KEYRING === '1';
if (reason !== undefined) console.info(`keychain tests skipped: ${reason}`);

describe('the real OS keychain', () => {
  afterAll(async () => {
    // Whatever happened, leave nothing of this run in the keychain.
    if (keytar) {
      for (const { account } of await keytar.findCredentials(SERVICE)) {
        await keytar.deletePassword(SERVICE, account);
      }
    }
  });

  it.runIf(promised && !keytar)('answers when a keyring was promised by with-keyring.sh', () => {
    expect.fail(`MARQUEE_KEYRING=1 promised a keychain, but ${reason ?? 'it did not answer'}`);
  });

  it.skipIf(!keytar)(
    `sets, reads, overwrites, deletes and clears real entries${skipped}`,
    async () => {
      if (!keytar) return;
      const store = keytarStore(keytar, { service: SERVICE });
      await store.set('tmdb.accessToken', 'real-keychain-token-1');
      await store.set('tmdb.apiKey', 'real-keychain-key-1');
      await store.set('tmdb.session', '{"kind":"guest","guestSessionId":"g-1","expiresAt":1}');
      expect(await store.get('tmdb.accessToken')).toBe('real-keychain-token-1');

      await store.set('tmdb.accessToken', 'real-keychain-token-2');
      expect(await store.get('tmdb.accessToken')).toBe('real-keychain-token-2');

      await store.delete('tmdb.apiKey');
      expect(await store.get('tmdb.apiKey')).toBeNull();
      const accounts = (await keytar.findCredentials(SERVICE)).map((c) => c.account).sort();
      expect(accounts).toEqual(['tmdb.accessToken', 'tmdb.session']);

      await store.clear();
      expect(await keytar.findCredentials(SERVICE)).toEqual([]);
      expect(await store.get('tmdb.session')).toBeNull();
    },
  );

  it.skipIf(!keytar)(
    `is chosen by selectCredentialStore, whose probe leaves nothing behind${skipped}`,
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'marquee-keychain-'));
      try {
        const store = await selectCredentialStore({
          loadKeytar,
          dataDir,
          log: memoryLogger(),
          service: SERVICE,
        });
        expect(store.kind).toBe('keychain');
        expect(keytar ? await keytar.findCredentials(SERVICE) : []).toEqual([]);
        await store.set('tmdb.apiKey', 'real-keychain-key-2');
        await store.clear();
        // Sign-out with the keychain writes nothing into Marquee's data folder at any point.
        expect(await readdir(dataDir)).toEqual([]);
        expect(keytar ? await keytar.findCredentials(SERVICE) : []).toEqual([]);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
