import { z } from 'zod';

/**
 * How far this computer has read the folder, kept by the caller between reads (plain JSON). Files
 * are immutable, so a name read is done with; the stat and the nonce tell a genuinely new file
 * written under an old name (a device's folder restored from a backup) from the same file touched.
 * Losing the cursor only means reading everything once more: merging a change twice is harmless.
 */
export interface FolderCursor {
  version: 1;
  devices: Record<string, DeviceCursor>;
}

const problemSchema = z.object({
  file: z.string(),
  reason: z.enum(['tampered', 'wrong-passphrase', 'unreadable', 'foreign']),
  message: z.string(),
});

const deviceCursorSchema = z.object({
  /** The newest snapshot read: every file of the device numbered below it is covered by it. */
  cutoff: z.number().int().min(0),
  /** Files read in full, by name: their stat (`size:mtime`) and nonce. */
  read: z.record(z.string(), z.object({ sig: z.string(), nonce: z.string() })),
  /** Files refused, by name, with their stat: tried again only when they change. */
  failed: z.record(z.string(), z.object({ sig: z.string(), problem: problemSchema })),
  /** The device's name from its device info. */
  name: z.string().nullable(),
  /** The newest clock among its changes read. */
  lastHlc: z.string().nullable(),
});

export type DeviceCursor = z.infer<typeof deviceCursorSchema>;

const cursorSchema = z.object({
  version: z.literal(1),
  devices: z.record(z.string(), deviceCursorSchema),
});

export const emptyCursor = (): FolderCursor => ({ version: 1, devices: {} });

export const emptyDeviceCursor = (): DeviceCursor => ({
  cutoff: 0,
  read: {},
  failed: {},
  name: null,
  lastHlc: null,
});

/** A cursor from storage; anything unexpected starts over (everything is read once more). */
export function parseCursor(value: unknown): FolderCursor {
  const parsed = cursorSchema.safeParse(value);
  return parsed.success ? structuredClone(parsed.data) : emptyCursor();
}
