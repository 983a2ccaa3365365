import { chmod, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { z } from 'zod';
import { silentLogger, type Logger } from '../base/log';
import { writeFileAtomic, tempPrefix, type AtomicWriteOps } from '../base/atomic-write';
import { CredentialError, describeFailure } from './errors';
import type { SafeStorageLike } from './safe-storage';
import { credentialNames, type CredentialStore } from './store';
import { checkEntry } from './validate';

const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The file: one base64 ciphertext per name. Unknown names are kept as they are, so a newer Marquee's
 * entries survive a run of an older one.
 */
const fileSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.string().regex(base64)),
});

export interface EncryptedFileStore extends CredentialStore {
  readonly kind: 'encrypted-file';
  /** Where a damaged or undecryptable file was moved aside, if one was found. */
  readonly quarantined: string | undefined;
}

export interface EncryptedFileStoreOptions {
  reason?: string;
  log?: Logger;
  clock?: () => number;
  /** For tests that make the final step of a write fail. */
  writeOps?: AtomicWriteOps;
}

/**
 * Secrets encrypted by the OS (Electron's safeStorage) in a 0600 file inside a 0700 folder, for when
 * no keychain answers. Writes are atomic; a damaged file is moved aside, never deleted silently.
 */
export function encryptedFileStore(
  safeStorage: SafeStorageLike,
  file: string,
  options: EncryptedFileStoreOptions = {},
): EncryptedFileStore {
  const log = options.log ?? silentLogger;
  const clock = options.clock ?? Date.now;
  const dir = dirname(file);
  let entries: Map<string, string> | undefined;
  let quarantined: string | undefined;
  // The damage found while loading, reported once by the next read (see `get`).
  let unreported: CredentialError | undefined;
  // One operation at a time, so two concurrent writes cannot each drop the other's entry.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };

  async function prepareFolder(): Promise<void> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // mkdir leaves an existing folder's mode alone; this folder holds only Marquee's secrets.
    if (process.platform !== 'win32') await chmod(dir, 0o700);
  }

  function decrypt(name: string, cipher: string): string {
    try {
      return safeStorage.decryptString(Buffer.from(cipher, 'base64'));
    } catch (error) {
      throw new Error(`the entry ${name} could not be decrypted (${describeFailure(error)})`, {
        cause: error,
      });
    }
  }

  async function moveAside(why: string): Promise<void> {
    const stamp = new Date(clock()).toISOString().replace(/[:.]/g, '-');
    const ext = extname(file);
    const target = join(dir, `${basename(file, ext)}.corrupt-${stamp}${ext}`);
    try {
      await rename(file, target);
    } catch (error) {
      throw new CredentialError(
        'unavailable',
        `Marquee's saved sign-in is damaged (${why}) and could not be moved aside: ${describeFailure(error)}`,
      );
    }
    quarantined = target;
    unreported = new CredentialError(
      'corrupt',
      `Marquee's saved sign-in could not be read (${why}). The file was kept as ${target}; please sign in again.`,
    );
    log.warn('credentials.file_quarantined', { file: target, why });
  }

  async function load(): Promise<Map<string, string>> {
    if (entries) return entries;
    await prepareFolder();
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (isNotFound(error)) return (entries = new Map());
      throw new CredentialError(
        'unavailable',
        `Marquee could not read its saved sign-in: ${describeFailure(error)}`,
      );
    }
    try {
      const parsed = fileSchema.parse(JSON.parse(text));
      const loaded = new Map(Object.entries(parsed.entries));
      // Decrypt every known entry now, so a file from another user or machine is caught as a whole.
      for (const name of credentialNames) {
        const cipher = loaded.get(name);
        if (cipher !== undefined) decrypt(name, cipher);
      }
      if (process.platform !== 'win32') await chmod(file, 0o600);
      return (entries = loaded);
    } catch (error) {
      const why =
        error instanceof SyntaxError || error instanceof z.ZodError
          ? 'the file is not in the expected format'
          : describeFailure(error);
      await moveAside(why);
      return (entries = new Map());
    }
  }

  async function save(next: Map<string, string>): Promise<void> {
    const body = JSON.stringify({ version: 1, entries: Object.fromEntries(next) });
    try {
      await writeFileAtomic(file, body, options.writeOps);
    } catch (error) {
      throw new CredentialError(
        'unavailable',
        `Marquee could not save the sign-in: ${describeFailure(error)}`,
      );
    }
    entries = next;
  }

  function encrypt(value: string): string {
    // Checked on every write: the OS may lose its keyring while Marquee runs, and then the only
    // safe answer is to refuse rather than write something weaker.
    if (!safeStorage.isEncryptionAvailable()) {
      throw new CredentialError('unavailable', 'The OS encryption for saved data stopped working.');
    }
    return safeStorage.encryptString(value).toString('base64');
  }

  async function removeLeftovers(): Promise<void> {
    const base = basename(file, extname(file));
    const names = await readdir(dir).catch(() => [] as string[]);
    const ours = names.filter(
      (n) =>
        n === basename(file) || n.startsWith(tempPrefix(file)) || n.startsWith(`${base}.corrupt-`),
    );
    for (const name of ours) await rm(join(dir, name), { force: true });
  }

  return {
    kind: 'encrypted-file',
    persistent: true,
    ...(options.reason === undefined ? {} : { reason: options.reason }),
    get quarantined() {
      return quarantined;
    },
    get: (name) =>
      serial(async () => {
        checkEntry(name);
        const loaded = await load();
        if (unreported) {
          const error = unreported;
          unreported = undefined;
          throw error;
        }
        const cipher = loaded.get(name);
        if (cipher === undefined) return null;
        try {
          return decrypt(name, cipher);
        } catch (error) {
          throw new CredentialError(
            'corrupt',
            `Marquee's saved sign-in: ${describeFailure(error)}`,
          );
        }
      }),
    set: (name, value) =>
      serial(async () => {
        checkEntry(name, value);
        const next = new Map(await load());
        next.set(name, encrypt(value));
        await save(next);
      }),
    delete: (name) =>
      serial(async () => {
        checkEntry(name);
        const loaded = await load();
        if (!loaded.has(name)) return;
        const next = new Map(loaded);
        next.delete(name);
        await save(next);
      }),
    clear: () =>
      serial(async () => {
        // Sign-out is the user's explicit wish to leave no secret behind, so the moved-aside copies
        // (which hold ciphertexts) and temp files from an interrupted write go too.
        await removeLeftovers();
        entries = new Map();
        quarantined = undefined;
        unreported = undefined;
      }),
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
