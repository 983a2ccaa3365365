import {
  createCipheriv,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { z } from 'zod';

/**
 * The sync folder's key. The passphrase the person sets once is stretched by scrypt (memory-hard)
 * with the folder's random salt; the result never leaves this computer. `folder.json` holds only
 * what every computer needs to derive the same key and to tell a wrong passphrase at once: the
 * format version, the salt, scrypt's parameters and a key check (a constant sealed with the key).
 *
 * Files are sealed with AES-256-GCM from Node's crypto (OpenSSL: hardware AES, no native add-on
 * to build for Electron), each with a fresh random 12-byte nonce.
 */

/** scrypt's cost: N (a power of two), the block size r and the parallelism p. */
export interface KdfParams {
  N: number;
  r: number;
  p: number;
}

/** About 0.4 s and 128 MiB on a 2020s laptop: costly to guess at, once per setup on each computer. */
export const productionKdf: KdfParams = { N: 2 ** 17, r: 8, p: 1 };

export const FOLDER_FORMAT = 1;

const folderJsonSchema = z.object({
  app: z.literal('marquee'),
  format: z.number().int(),
  kdf: z.object({
    name: z.literal('scrypt'),
    salt: z.base64(),
    // Bounded so that a hostile folder.json cannot make this computer allocate gigabytes.
    N: z
      .number()
      .int()
      .min(2)
      .max(2 ** 20)
      .refine((n) => (n & (n - 1)) === 0, 'N must be a power of two'),
    r: z.number().int().min(1).max(32),
    p: z.number().int().min(1).max(16),
  }),
  check: z.base64(),
});

export type FolderJson = z.infer<typeof folderJsonSchema>;

/** The derived key, ready to seal and open files. */
export interface FolderKey {
  /** AES-256-GCM key of the files. */
  readonly fileKey: Buffer;
  /** 8 bytes naming the key (not secret): tells "another passphrase" from "changed". */
  readonly id: Buffer;
}

/** A failure to set up or open the folder's key, with one plain sentence for the person. */
export class SyncKeyError extends Error {
  constructor(
    readonly code: 'wrong-passphrase' | 'bad-folder' | 'newer-folder',
    message: string,
  ) {
    super(message);
    this.name = 'SyncKeyError';
  }
}

const CHECK_TEXT = Buffer.from('marquee sync folder key check', 'utf8');
const CHECK_AAD = Buffer.from('marquee folder.json v1', 'utf8');
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The same passphrase typed on a Mac and on Windows can differ in Unicode form; NFC makes it one. */
const normalize = (passphrase: string): string => passphrase.normalize('NFC');

async function stretch(passphrase: string, salt: Buffer, params: KdfParams): Promise<Buffer> {
  const maxmem = 128 * params.N * params.r * params.p + 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    // Async: it runs on libuv's thread pool, so the main process stays responsive meanwhile.
    scrypt(normalize(passphrase), salt, 32, { ...params, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** The key from the 32 bytes scrypt gave (also what the keychain keeps, see `exportFolderKey`). */
export function keyFromSecret(secret: Buffer): FolderKey {
  if (secret.length !== 32) throw new SyncKeyError('bad-folder', 'The sync key is damaged.');
  const sub = (info: string, length: number): Buffer =>
    Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, length));
  return { fileKey: sub('marquee sync file key v1', 32), id: sub('marquee sync key id v1', 8) };
}

const CHUNK = 1024 * 1024;

/** Runs a cipher over `data` a mebibyte at a time, letting the event loop turn in between. */
async function inTurns(
  cipher: { update(data: Buffer): Buffer },
  data: Buffer | readonly Buffer[],
): Promise<Buffer[]> {
  const out: Buffer[] = [];
  let since = 0;
  for (const piece of Buffer.isBuffer(data) ? [data] : data) {
    for (let at = 0; at < piece.length; at += CHUNK) {
      if (since >= CHUNK) {
        await new Promise((resolve) => {
          setImmediate(resolve);
        });
        since = 0;
      }
      const part = piece.subarray(at, at + CHUNK);
      out.push(cipher.update(part));
      since += part.length;
    }
  }
  return out;
}

/**
 * Seals `plain` (one buffer, or pieces of one) with the key: the nonce, the ciphertext's pieces,
 * then the 16-byte tag.
 */
export async function sealParts(
  key: FolderKey,
  aad: Buffer,
  plain: Buffer | readonly Buffer[],
): Promise<Buffer[]> {
  const iv = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.fileKey, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const body = await inTurns(cipher, plain);
  return [iv, ...body, cipher.final(), cipher.getAuthTag()];
}

/** Seals `plain` with the key: nonce, then ciphertext, then the 16-byte tag. */
export async function seal(key: FolderKey, aad: Buffer, plain: Buffer): Promise<Buffer> {
  return Buffer.concat(await sealParts(key, aad, plain));
}

/** Opens what `seal` made, or null when it fails authentication (changed, cut, another key). */
export async function unseal(key: FolderKey, aad: Buffer, sealed: Buffer): Promise<Buffer | null> {
  if (sealed.length < NONCE_BYTES + TAG_BYTES) return null;
  const iv = sealed.subarray(0, NONCE_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  const body = sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.fileKey, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    const plain = await inTurns(decipher, body);
    // Nothing decrypted is used before `final` has checked the tag.
    return Buffer.concat([...plain, decipher.final()]);
  } catch {
    return null;
  }
}

/** A new folder's key and the `folder.json` that lets the other computers derive it. */
export async function createFolderKey(
  passphrase: string,
  params: KdfParams = productionKdf,
): Promise<{ key: FolderKey; folderJson: FolderJson; secret: Buffer }> {
  if (passphrase.length === 0)
    throw new SyncKeyError('bad-folder', 'Choose a passphrase to protect the sync folder.');
  const salt = randomBytes(16);
  const secret = await stretch(passphrase, salt, params);
  const key = keyFromSecret(secret);
  const folderJson: FolderJson = {
    app: 'marquee',
    format: FOLDER_FORMAT,
    kdf: { name: 'scrypt', salt: salt.toString('base64'), ...params },
    check: (await seal(key, CHECK_AAD, CHECK_TEXT)).toString('base64'),
  };
  return { key, folderJson, secret };
}

/** Validates a `folder.json` read from the folder (any JSON value). */
export function parseFolderJson(value: unknown): FolderJson {
  const parsed = folderJsonSchema.safeParse(value);
  if (!parsed.success)
    throw new SyncKeyError('bad-folder', 'The sync folder’s settings file is damaged.');
  if (parsed.data.format > FOLDER_FORMAT)
    throw new SyncKeyError(
      'newer-folder',
      'This folder was set up by a newer version of Marquee; update Marquee to use it.',
    );
  return parsed.data;
}

/** Whether `key` is the folder's: its key check opens. */
export async function matchesFolder(key: FolderKey, folderJson: FolderJson): Promise<boolean> {
  const opened = await unseal(key, CHECK_AAD, Buffer.from(folderJson.check, 'base64'));
  return (
    opened !== null && opened.length === CHECK_TEXT.length && timingSafeEqual(opened, CHECK_TEXT)
  );
}

/** The key of an existing folder from the passphrase; a wrong one is refused with a clear error. */
export async function openFolderKey(
  passphrase: string,
  folderJsonValue: unknown,
): Promise<{ key: FolderKey; secret: Buffer }> {
  const folderJson = parseFolderJson(folderJsonValue);
  const { salt, N, r, p } = folderJson.kdf;
  const secret = await stretch(passphrase, Buffer.from(salt, 'base64'), { N, r, p });
  const key = keyFromSecret(secret);
  if (!(await matchesFolder(key, folderJson)))
    throw new SyncKeyError(
      'wrong-passphrase',
      'This folder was set up with a different passphrase.',
    );
  return { key, secret };
}
