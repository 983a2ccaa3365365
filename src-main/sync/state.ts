/**
 * What this computer remembers of its sync between runs, kept with the library (so a library
 * restored from a backup remembers what that library had written and read): the folder, this
 * computer's name, how far its own changes were written, where the last read of the others' files
 * ended, and what it knows of each other computer. The folder's key is not here: it is in the
 * keychain.
 */
export interface SyncMeta {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export interface PeerRecord {
  name: string | null;
  lastHlc: string | null;
  /** Its changes merged here. */
  changes: number;
  forgotten: boolean;
}

export interface SyncState {
  folder: string | null;
  /**
   * The device id this state was kept for. Another id here means the library was copied from
   * another computer and took a new one: its files, numbers and name start afresh.
   */
  device: string | null;
  name: string | null;
  /** The local sequence number of the last change looked at for writing (own or not). */
  written: number;
  /** The next file number of this computer's files in the folder. */
  nextNumber: number;
  /** The folder reader's cursor, as it gave it. */
  cursor: unknown;
  lastSyncedAt: number | null;
  peers: Record<string, PeerRecord>;
}

const KEYS = {
  folder: 'sync.folder',
  device: 'sync.device',
  name: 'sync.name',
  written: 'sync.written',
  nextNumber: 'sync.nextNumber',
  cursor: 'sync.cursor',
  lastSyncedAt: 'sync.lastSyncedAt',
  peers: 'sync.peers',
} as const;

function json(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function peersOf(value: unknown): Record<string, PeerRecord> {
  const out: Record<string, PeerRecord> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [id, raw] of Object.entries(value as Record<string, unknown>)) {
    const p = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    out[id] = {
      name: typeof p.name === 'string' ? p.name : null,
      lastHlc: typeof p.lastHlc === 'string' ? p.lastHlc : null,
      changes: typeof p.changes === 'number' && Number.isFinite(p.changes) ? p.changes : 0,
      forgotten: p.forgotten === true,
    };
  }
  return out;
}

const int = (text: string | null, fallback: number): number => {
  const n = Number(text);
  return text !== null && Number.isSafeInteger(n) && n >= 0 ? n : fallback;
};

export function readSyncState(meta: SyncMeta): SyncState {
  const last = meta.get(KEYS.lastSyncedAt);
  return {
    folder: meta.get(KEYS.folder) || null,
    device: meta.get(KEYS.device) || null,
    name: meta.get(KEYS.name) || null,
    written: int(meta.get(KEYS.written), 0),
    nextNumber: int(meta.get(KEYS.nextNumber), 1),
    cursor: json(meta.get(KEYS.cursor)),
    lastSyncedAt: last === null ? null : int(last, 0) || null,
    peers: peersOf(json(meta.get(KEYS.peers))),
  };
}

export function writeSyncState(meta: SyncMeta, patch: Partial<SyncState>): void {
  if (patch.folder !== undefined) meta.set(KEYS.folder, patch.folder ?? '');
  if (patch.device !== undefined) meta.set(KEYS.device, patch.device ?? '');
  if (patch.name !== undefined) meta.set(KEYS.name, patch.name ?? '');
  if (patch.written !== undefined) meta.set(KEYS.written, String(patch.written));
  if (patch.nextNumber !== undefined) meta.set(KEYS.nextNumber, String(patch.nextNumber));
  if (patch.cursor !== undefined) meta.set(KEYS.cursor, JSON.stringify(patch.cursor));
  if (patch.lastSyncedAt !== undefined)
    meta.set(KEYS.lastSyncedAt, String(patch.lastSyncedAt ?? ''));
  if (patch.peers !== undefined) meta.set(KEYS.peers, JSON.stringify(patch.peers));
}
