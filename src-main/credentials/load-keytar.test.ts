import { describe, expect, it } from 'vitest';
import { fakeKeytar } from './testing/fake-backends';
import { loadKeytar } from './load-keytar';

const failure = (code: string, message: string): Error =>
  Object.assign(new Error(message), { code });

describe('loadKeytar', () => {
  it('says "missing" when the optional keytar package was not installed', async () => {
    await expect(
      loadKeytar(() =>
        Promise.reject(
          failure('ERR_MODULE_NOT_FOUND', "Cannot find package 'keytar' imported from /app/x.js"),
        ),
      ),
    ).resolves.toBe('missing');
    await expect(
      loadKeytar(() => Promise.reject(failure('MODULE_NOT_FOUND', "Cannot find module 'keytar'"))),
    ).resolves.toBe('missing');
  });

  it('rejects when keytar is installed but its native part cannot load', async () => {
    await expect(
      loadKeytar(() =>
        Promise.reject(
          failure('MODULE_NOT_FOUND', "Cannot find module '../build/Release/keytar.node'"),
        ),
      ),
    ).rejects.toThrow(/keytar\.node/);
    await expect(
      loadKeytar(() => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object'))),
    ).rejects.toThrow(/libsecret/);
  });

  it('takes the functions from a CommonJS default export', async () => {
    const keytar = fakeKeytar();
    await expect(loadKeytar(() => Promise.resolve({ default: keytar }))).resolves.toBe(keytar);
  });
});
