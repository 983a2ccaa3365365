import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFolderKey,
  keyFromSecret,
  matchesFolder,
  openFolderKey,
  parseFolderJson,
  productionKdf,
  seal,
  unseal,
} from './crypto';
import { readFolderJson, joinFolder } from './setup';
import { cheapKdf, tempFolder, type TempFolder } from './testing/fixtures';

describe('the folder key', () => {
  let folder: TempFolder | undefined;
  afterEach(async () => {
    await folder?.dispose();
    folder = undefined;
  });

  it('is derived again from the passphrase and folder.json alone', async () => {
    const made = await createFolderKey('a long passphrase', cheapKdf);
    const opened = await openFolderKey(
      'a long passphrase',
      JSON.parse(JSON.stringify(made.folderJson)),
    );
    expect(opened.key.fileKey.equals(made.key.fileKey)).toBe(true);
    expect(opened.key.id.equals(made.key.id)).toBe(true);
    // What the keychain keeps gives the same key back.
    expect(keyFromSecret(opened.secret).fileKey.equals(made.key.fileKey)).toBe(true);
    expect(await matchesFolder(keyFromSecret(made.secret), made.folderJson)).toBe(true);
  });

  it('refuses a wrong passphrase with one plain sentence', async () => {
    const made = await createFolderKey('a long passphrase', cheapKdf);
    await expect(openFolderKey('a long passphrase!', made.folderJson)).rejects.toMatchObject({
      code: 'wrong-passphrase',
      message: 'This folder was set up with a different passphrase.',
    });
  });

  it('takes the same passphrase typed in another Unicode form', async () => {
    const made = await createFolderKey('Caf\u00e9 cr\u00e8me', cheapKdf);
    const opened = await openFolderKey('Cafe\u0301 cre\u0300me', made.folderJson);
    expect(opened.key.fileKey.equals(made.key.fileKey)).toBe(true);
  });

  it('keeps nothing personal in folder.json: version, salt, parameters and the key check', async () => {
    const made = await createFolderKey('a long passphrase', cheapKdf);
    expect(Object.keys(made.folderJson).sort()).toEqual(['app', 'check', 'format', 'kdf']);
    expect(made.folderJson.kdf).toMatchObject({ name: 'scrypt', N: 1024, r: 8, p: 1 });
    expect(Buffer.from(made.folderJson.kdf.salt, 'base64')).toHaveLength(16);
    expect(JSON.stringify(made.folderJson)).not.toContain('passphrase');
  });

  it('refuses a damaged folder.json, and one from a newer Marquee, without deriving anything', async () => {
    const made = await createFolderKey('a long passphrase', cheapKdf);
    expect(() =>
      parseFolderJson({ ...made.folderJson, kdf: { ...made.folderJson.kdf, N: 1000 } }),
    ).toThrow(/damaged/);
    // A hostile folder.json cannot make this computer allocate gigabytes.
    expect(() =>
      parseFolderJson({ ...made.folderJson, kdf: { ...made.folderJson.kdf, N: 2 ** 24 } }),
    ).toThrow(/damaged/);
    expect(() => parseFolderJson({ ...made.folderJson, format: 2 })).toThrow(/newer version/);
    expect(() => parseFolderJson('nonsense')).toThrow(/damaged/);
    expect(() => parseFolderJson({ ...made.folderJson, kdf: productionKdf })).toThrow(/damaged/);
  });

  it('the production cost is memory-hard and within what folder.json accepts', () => {
    expect(128 * productionKdf.N * productionKdf.r).toBeGreaterThanOrEqual(64 * 1024 * 1024);
    const json = {
      app: 'marquee',
      format: 1,
      kdf: { name: 'scrypt', salt: 'AAAA', ...productionKdf },
      check: 'AAAA',
    };
    expect(parseFolderJson(json).kdf.N).toBe(productionKdf.N);
  });

  it('seals with a fresh nonce each time and refuses any changed byte or other additional data', async () => {
    const { key } = await createFolderKey('a long passphrase', cheapKdf);
    const aad = Buffer.from('header');
    const plain = Buffer.from('the plain text');
    const one = await seal(key, aad, plain);
    const two = await seal(key, aad, plain);
    expect(one.equals(two)).toBe(false);
    expect((await unseal(key, aad, one))?.toString()).toBe('the plain text');
    expect(await unseal(key, Buffer.from('headeR'), one)).toBeNull();
    for (const at of [0, 12, one.length - 1]) {
      const changed = Buffer.from(one);
      changed[at] = (changed[at] ?? 0) ^ 1;
      expect(await unseal(key, aad, changed)).toBeNull();
    }
    expect(await unseal(key, aad, one.subarray(0, one.length - 1))).toBeNull();
    expect(await unseal(key, aad, Buffer.alloc(3))).toBeNull();
    // Bodies larger than one turn's share, changed in their last mebibyte.
    const large = randomBytes(3 * 1024 * 1024 + 5);
    const sealed = await seal(key, aad, large);
    expect((await unseal(key, aad, sealed))?.equals(large)).toBe(true);
    sealed[sealed.length - 100] = (sealed[sealed.length - 100] ?? 0) ^ 1;
    expect(await unseal(key, aad, sealed)).toBeNull();
  });

  it('joining sets a folder up once; the next computer opens it, a wrong passphrase is refused', async () => {
    folder = await tempFolder('the first passphrase');
    const json = await readFolderJson(folder.root);
    expect(json).not.toBeNull();
    const second = await joinFolder(folder.root, 'the first passphrase', { kdf: cheapKdf });
    expect(second.created).toBe(false);
    expect(second.key.fileKey.equals(folder.key.fileKey)).toBe(true);
    await expect(joinFolder(folder.root, 'another one', { kdf: cheapKdf })).rejects.toThrow(
      'This folder was set up with a different passphrase.',
    );
    await writeFile(join(folder.root, 'Marquee', 'folder.json'), '{ not json');
    await expect(joinFolder(folder.root, 'the first passphrase')).rejects.toMatchObject({
      code: 'bad-folder',
    });
  });

  it('two computers setting up at once: the loser opens the winner’s folder.json', async () => {
    folder = await tempFolder('the winner');
    const winners = await readFile(join(folder.root, 'Marquee', 'folder.json'));
    const empty = await tempFolder('unused');
    // Between the loser's look and its write, the winner's folder.json arrives.
    const racing = {
      writeNew: async (path: string) => {
        await writeFile(path, winners);
        throw Object.assign(new Error('exists'), { code: 'EEXIST' });
      },
      rename: () => Promise.resolve(),
      remove: () => Promise.resolve(),
    };
    try {
      await rm(join(empty.root, 'Marquee', 'folder.json'));
      await expect(
        joinFolder(empty.root, 'the loser', { kdf: cheapKdf, fs: racing }),
      ).rejects.toThrow('This folder was set up with a different passphrase.');
      await rm(join(empty.root, 'Marquee', 'folder.json'));
      const joined = await joinFolder(empty.root, 'the winner', { kdf: cheapKdf, fs: racing });
      expect(joined.created).toBe(false);
      expect(joined.key.fileKey.equals(folder.key.fileKey)).toBe(true);
    } finally {
      await empty.dispose();
    }
  });
});
