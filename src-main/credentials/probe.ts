import { randomBytes } from 'node:crypto';
import { describeFailure } from './errors';
import type { KeytarLike } from './keytar-store';
import { withTimeout } from './timeout';

export type ProbeResult = { ok: true } | { ok: false; reason: string };

/**
 * Asks the keychain to store, read back and remove a throwaway entry. Loading keytar proves
 * nothing on Linux: only a round trip shows that a Secret Service answers and is unlocked.
 */
export async function probeKeychain(
  keytar: KeytarLike,
  service: string,
  timeoutMs: number,
): Promise<ProbeResult> {
  const account = `probe.${randomBytes(6).toString('hex')}`;
  const value = randomBytes(12).toString('hex');
  const roundTrip = async (): Promise<ProbeResult> => {
    await keytar.setPassword(service, account, value);
    const read = await keytar.getPassword(service, account);
    await keytar.deletePassword(service, account);
    return read === value
      ? { ok: true }
      : { ok: false, reason: 'the keychain did not return what was stored in it' };
  };
  try {
    return await withTimeout(roundTrip(), timeoutMs, 'the keychain');
  } catch (error) {
    return { ok: false, reason: describeFailure(error) };
  }
}
