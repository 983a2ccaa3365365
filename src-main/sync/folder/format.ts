import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createDeflateRaw, inflateRaw } from 'node:zlib';
import { z } from 'zod';
import type { ChangeDomain } from '../../changes/types';
import type { SharedChange, SyncProblemReason } from '../types';
import { sealParts, unseal, type FolderKey } from './crypto';
import type { FileKind } from './names';

/**
 * One file of a device, byte by byte (numbers big-endian):
 *
 *     0   6  magic "MQSYNC"
 *     6   1  format version (1)
 *     7   1  kind: 1 segment, 2 snapshot, 3 device info
 *     8   8  key id (which passphrase sealed it; not secret)
 *     16  6  file number (0 for device info)
 *     22  6  length of what follows the header (nonce, ciphertext, tag)
 *     28  1  length n of the device id, then n bytes of it (UTF-8)
 *     ..     12-byte nonce, ciphertext, 16-byte tag (AES-256-GCM)
 *
 * The whole header is the cipher's additional data: a file moved to another device's folder, or
 * renamed to another number, is told apart from a genuine one. The body is deflated before it is
 * sealed: JSON lines of changes (without `device`, which the header carries) for segments and
 * snapshots, one JSON object for device info.
 */

export const FILE_FORMAT = 1;
const MAGIC = Buffer.from('MQSYNC', 'ascii');
const FIXED = 29;
const kindCodes: Record<FileKind, number> = { segment: 1, snapshot: 2, 'device-info': 3 };
const MAX_BODY = 1024 * 1024 * 1024;

export interface FileHeader {
  kind: FileKind;
  device: string;
  number: number;
}

const inflate = promisify(inflateRaw);

function headerBytes(key: FolderKey, header: FileHeader, sealedLength: number): Buffer {
  const device = Buffer.from(header.device, 'utf8');
  if (device.length > 255) throw new Error('Device id too long');
  const out = Buffer.alloc(FIXED + device.length);
  MAGIC.copy(out, 0);
  out.writeUInt8(FILE_FORMAT, 6);
  out.writeUInt8(kindCodes[header.kind], 7);
  key.id.copy(out, 8);
  out.writeUIntBE(header.number, 16, 6);
  out.writeUIntBE(sealedLength, 22, 6);
  out.writeUInt8(device.length, 28);
  device.copy(out, FIXED);
  return out;
}

/**
 * A file's body: whole, or in pieces made a turn at a time (see `changesLines`), so that a large
 * body never exists in one piece.
 */
export type Body = Buffer | AsyncIterable<Buffer>;

/** Raw deflate (level 6) of a body as it arrives, on zlib's threads; the deflated pieces. */
async function deflatePieces(body: Body): Promise<Buffer[]> {
  const out: Buffer[] = [];
  await pipeline(
    Buffer.isBuffer(body) ? [body] : body,
    createDeflateRaw({ level: 6, chunkSize: 64 * 1024 }),
    async (packed: AsyncIterable<Buffer>) => {
      for await (const piece of packed) out.push(piece);
    },
  );
  return out;
}

/** Seals a body into a file's bytes. */
export async function encodeFile(key: FolderKey, header: FileHeader, body: Body): Promise<Buffer> {
  const packed = await deflatePieces(body);
  // AES-GCM adds nothing to the length but the nonce and the tag.
  const sealedLength = 12 + packed.reduce((sum, piece) => sum + piece.length, 0) + 16;
  const head = headerBytes(key, header, sealedLength);
  return Buffer.concat([head, ...(await sealParts(key, head, packed))]);
}

/** What a file's bytes say before anything is decrypted; null when they are not a Marquee file. */
export type PeekedHeader =
  | { ok: true; header: FileHeader; keyId: Buffer; headLength: number; sealedLength: number }
  | { ok: false; reason: SyncProblemReason; message: string };

export function peekHeader(bytes: Buffer): PeekedHeader {
  const short = {
    ok: false,
    reason: 'tampered',
    message: 'This file is incomplete: it may still be arriving, or it was cut short.',
  } as const;
  // Empty, or the start of the magic: a file whose bytes have not all arrived.
  if (bytes.length < 7 && bytes.equals(MAGIC.subarray(0, bytes.length))) return short;
  if (bytes.length < 7 || !bytes.subarray(0, 6).equals(MAGIC))
    return { ok: false, reason: 'unreadable', message: 'This is not a Marquee sync file.' };
  const version = bytes.readUInt8(6);
  if (version !== FILE_FORMAT)
    return {
      ok: false,
      reason: 'unreadable',
      message:
        version > FILE_FORMAT
          ? 'This file was written by a newer version of Marquee; update Marquee to read it.'
          : 'This file is in a format Marquee does not know.',
    };
  if (bytes.length < FIXED) return short;
  const kind = (Object.keys(kindCodes) as FileKind[]).find((k) => kindCodes[k] === bytes[7]);
  if (kind === undefined)
    return {
      ok: false,
      reason: 'unreadable',
      message: 'This file is of a kind Marquee does not know.',
    };
  const deviceLength = bytes.readUInt8(28);
  if (bytes.length < FIXED + deviceLength) return short;
  return {
    ok: true,
    header: {
      kind,
      number: bytes.readUIntBE(16, 6),
      device: bytes.subarray(FIXED, FIXED + deviceLength).toString('utf8'),
    },
    keyId: bytes.subarray(8, 16),
    headLength: FIXED + deviceLength,
    sealedLength: bytes.readUIntBE(22, 6),
  };
}

/** The nonce of a file: with its name, what tells one file from another written under that name. */
export function fileNonce(bytes: Buffer): string | null {
  const peeked = peekHeader(bytes);
  if (!peeked.ok || bytes.length < peeked.headLength + 12) return null;
  return bytes.subarray(peeked.headLength, peeked.headLength + 12).toString('base64');
}

export type Decoded =
  | { ok: true; header: FileHeader; body: Buffer; nonce: string }
  | { ok: false; reason: SyncProblemReason; message: string };

/**
 * Opens a file's bytes, checking it is the file its place says (`expected`). Never throws for what
 * a file contains: every failure is a reason and a sentence.
 */
export async function decodeFile(
  key: FolderKey,
  bytes: Buffer,
  expected: FileHeader,
): Promise<Decoded> {
  const peeked = peekHeader(bytes);
  if (!peeked.ok) return peeked;
  const { header, headLength, sealedLength } = peeked;
  if (bytes.length < headLength + sealedLength)
    return {
      ok: false,
      reason: 'tampered',
      message: 'This file is incomplete: it may still be arriving, or it was cut short.',
    };
  if (bytes.length > headLength + sealedLength)
    return {
      ok: false,
      reason: 'tampered',
      message: 'This file was changed after it was written.',
    };
  if (!peeked.keyId.equals(key.id))
    return {
      ok: false,
      reason: 'wrong-passphrase',
      message: 'This file was written with a different passphrase; it is not used.',
    };
  const head = bytes.subarray(0, headLength);
  const packed = await unseal(key, head, bytes.subarray(headLength));
  if (packed === null)
    return {
      ok: false,
      reason: 'tampered',
      message: 'This file was changed after it was written.',
    };
  // Authentic, but is it the file its place says? Checked after authentication, so that only a
  // genuine file in the wrong place is called foreign or renamed.
  if (header.device !== expected.device)
    return {
      ok: false,
      reason: 'foreign',
      message: 'This file belongs to another computer than the one whose folder it is in.',
    };
  if (header.kind !== expected.kind || header.number !== expected.number)
    return {
      ok: false,
      reason: 'tampered',
      message: 'This file was renamed after it was written; it is not used.',
    };
  try {
    const body = await inflate(packed, { maxOutputLength: MAX_BODY });
    const nonce = bytes.subarray(headLength, headLength + 12).toString('base64');
    return { ok: true, header, body, nonce };
  } catch {
    return { ok: false, reason: 'unreadable', message: 'This file could not be unpacked.' };
  }
}

const domains: ReadonlySet<unknown> = new Set<ChangeDomain>([
  'tracking',
  'inbox',
  'import',
  'preferences',
]);
const HLC = /^\d{13}-\d{6}$/;
/**
 * Lines, or bytes of them, between two pauses: a hundred thousand changes never hold the event
 * loop for long, nor do a few hundred that each hold a thousand plays (a history recorded at once).
 */
const LINES_PER_TURN = 2000;
const BYTES_PER_TURN = 512 * 1024;
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    setImmediate(resolve);
  });
const text = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/**
 * A line's change, checked field by field (a schema library costs as much as the parse). Its
 * device is the file's, unless the line names another: a change this library made under the id
 * it had before it was copied to another computer.
 */
function asChange(value: unknown, fileDevice: string): SharedChange | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { id, hlc, domain, kind, entity, data, device } = value as Record<string, unknown>;
  if (!text(id, 200) || !text(kind, 200) || !text(entity, 1000)) return null;
  if (typeof hlc !== 'string' || !HLC.test(hlc) || !domains.has(domain)) return null;
  if (device !== undefined && !text(device, 200)) return null;
  return {
    id,
    hlc,
    device: device ?? fileDevice,
    domain: domain as ChangeDomain,
    kind,
    entity,
    data,
  };
}

/**
 * A device's changes as the body of a segment or snapshot: JSON lines without `device`, which the
 * header carries, except on a line whose change another id of this library made. Made a turn's
 * worth of lines at a time, each piece yielded before the next is made.
 */
export async function* changesLines(
  changes: readonly SharedChange[],
  fileDevice?: string,
): AsyncGenerator<Buffer, void, undefined> {
  let lines: string[] = [];
  let bytes = 0;
  let pieces = 0;
  const piece = (): Buffer => {
    const out = Buffer.from((pieces === 0 ? '' : '\n') + lines.join('\n'), 'utf8');
    pieces += 1;
    lines = [];
    bytes = 0;
    return out;
  };
  for (const { id, hlc, device, domain, kind, entity, data } of changes) {
    const line = JSON.stringify(
      fileDevice === undefined || device === fileDevice
        ? { id, hlc, domain, kind, entity, data }
        : { id, hlc, device, domain, kind, entity, data },
    );
    lines.push(line);
    bytes += line.length;
    if (lines.length >= LINES_PER_TURN || bytes >= BYTES_PER_TURN) {
      yield piece();
      await nextTurn();
    }
  }
  if (lines.length > 0 || pieces === 0) yield piece();
}

/** The whole body `changesLines` makes, in one buffer. */
export async function changesBody(
  changes: readonly SharedChange[],
  fileDevice?: string,
): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of changesLines(changes, fileDevice)) pieces.push(piece);
  return Buffer.concat(pieces);
}

/**
 * The changes of a body, each given its device; null when any line is not a change. With `keep`,
 * every line is still checked but only the changes it keeps are returned.
 */
export async function parseChangesBody(
  body: Buffer,
  device: string,
  keep?: (change: SharedChange) => boolean,
): Promise<SharedChange[] | null> {
  const out: SharedChange[] = [];
  let lines = 0;
  let start = 0;
  let paused = 0;
  while (start < body.length) {
    const newline = body.indexOf(0x0a, start);
    const end = newline === -1 ? body.length : newline;
    let change: SharedChange | null;
    try {
      change = asChange(JSON.parse(body.toString('utf8', start, end)), device);
    } catch {
      return null;
    }
    if (change === null) return null;
    if (keep === undefined || keep(change)) out.push(change);
    lines += 1;
    start = end + 1;
    if (lines % LINES_PER_TURN === 0 || start - paused >= BYTES_PER_TURN) {
      paused = start;
      await nextTurn();
    }
  }
  return out;
}

const infoSchema = z.object({ name: z.string().max(200), writtenAt: z.number() });
export type DeviceInfo = z.infer<typeof infoSchema>;

export const infoBody = (info: DeviceInfo): Buffer => Buffer.from(JSON.stringify(info), 'utf8');

export function parseInfoBody(body: Buffer): DeviceInfo | null {
  try {
    const parsed = infoSchema.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
