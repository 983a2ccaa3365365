import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCursor } from './cursor';
import { namesIn } from './folder-fs';
import { APP_DIR, DEVICES_DIR, deviceDirOf, parseDeviceDirName, parseFileName } from './names';

/**
 * How many bytes of other computers' files the next read would open: their segments and snapshots
 * past the cursor's cut that it has not read or refused as they are now (by stat, as the reader
 * tells). Lists and stats only, nothing is opened: it tells a pass of a few new changes from a
 * first sync's large snapshot before either is read. A folder that is not there has none.
 */
export async function unreadBytes(
  root: string,
  device: string,
  cursorValue: unknown,
): Promise<number> {
  const cursor = parseCursor(cursorValue);
  let entries;
  try {
    entries = await readdir(join(root, APP_DIR, DEVICES_DIR), { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const entry of entries) {
    const parsed = parseDeviceDirName(entry.name);
    if (!entry.isDirectory() || 'why' in parsed || parsed.device === device) continue;
    const dir = deviceDirOf(root, parsed.device);
    const known = cursor.devices[parsed.device];
    const names = await namesIn(dir).catch(() => []);
    for (const name of names) {
      const file = parseFileName(name);
      if (file.kind !== 'segment' && file.kind !== 'snapshot') continue;
      if (known !== undefined && file.number <= known.cutoff) continue;
      const info = await stat(join(dir, name)).catch(() => null);
      if (info === null) continue;
      const sig = `${info.size}:${info.mtimeMs}`;
      if (known?.read[name]?.sig === sig || known?.failed[name]?.sig === sig) continue;
      total += info.size;
    }
  }
  return total;
}
