import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { keytarStore, loadKeytar, type KeytarLike } from '../credentials';
import { describeFailure } from '../credentials/errors';
import { probeKeychain } from '../credentials/probe';
import { startAuthStack } from './testing/stack';

/*
 * The sign-in against the real OS keychain (gnome-keyring over D-Bus on Linux; run through
 * scripts/with-keyring.sh on a headless machine). Where no keychain answers, this skips and says why.
 */
const SERVICE = `Marquee auth test ${process.pid}.${randomBytes(4).toString('hex')}`;

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
    return { reason: 'no D-Bus session; run through scripts/with-keyring.sh' };
  }
  const probe = await probeKeychain(keytar, SERVICE, 5000);
  return probe.ok ? { keytar } : { reason: `no Secret Service answered: ${probe.reason}` };
}

const found = await findKeychain();
const keytar = 'keytar' in found ? found.keytar : undefined;
const skipped = 'reason' in found ? ` (skipped: ${found.reason})` : '';

describe('sign-in with the OS keychain', () => {
  afterAll(async () => {
    if (!keytar) return;
    for (const { account } of await keytar.findCredentials(SERVICE))
      await keytar.deletePassword(SERVICE, account);
  });

  it.skipIf(!keytar)(
    `keeps the session across a restart and removes it on sign-out${skipped}`,
    async () => {
      if (!keytar) return;
      const stack = await startAuthStack({ store: keytarStore(keytar, { service: SERVICE }) });
      try {
        await stack.auth.login({
          username: stack.catalogue.demoUser,
          password: stack.catalogue.demoPassword,
        });
        const again = await stack.restart();
        expect(again.state()).toBe('user');
        expect(again.credentials().sessionId).toBe(stack.auth.credentials().sessionId);
        expect((await keytar.findCredentials(SERVICE)).map((c) => c.account)).toContain(
          'tmdb.session',
        );

        await again.signOut({ discardPending: false });
        expect((await keytar.findCredentials(SERVICE)).map((c) => c.account)).not.toContain(
          'tmdb.session',
        );
        expect((await stack.restart()).state()).toBe('signed_out');
      } finally {
        await stack.close();
      }
    },
  );
});
