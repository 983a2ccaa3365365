import type { DevicesStatus } from '../../src-shared/ipc/contract/devices';
import { plainText } from '../../src-shared/text/bound';
import type { FolderRead } from './folder/folder';
import type { SyncState } from './state';

/** What a pass is doing now. */
export interface Activity {
  running: boolean;
  progress: { done: number; total: number } | null;
  /** One plain sentence when something is wrong or awaited. */
  message: string | null;
  /** The folder is not there (an unplugged drive, a sync service not started). */
  waiting: boolean;
}

/** The ms of a hybrid logical clock value (`<ms>-<counter>`), or null. */
function msOf(hlc: string | null): number | null {
  const match = hlc === null ? null : /^(\d{13})-\d+$/.exec(hlc);
  return match ? Number(match[1]) : null;
}

/** The sync status the window shows, from what is remembered and what the last read found. */
export function statusOf(input: {
  state: SyncState;
  activity: Activity;
  lastRead: FolderRead | null;
  device: string;
  hostName: string;
}): DevicesStatus {
  const { state, activity, lastRead } = input;
  const problems = (lastRead?.problems ?? []).slice(0, 50).map((p) => ({
    file: plainText(p.file, 1_000),
    message: plainText(p.message, 500),
  }));
  const seen = new Map((lastRead?.devices ?? []).map((d) => [d.device, d]));
  const devices = Object.entries(state.peers)
    .filter(([id]) => id !== input.device)
    .map(([id, peer]) => {
      const inFolder = seen.get(id);
      const refused = problems.filter((p) => p.file.includes(id)).length;
      return {
        id,
        name: plainText(peer.name ?? inFolder?.name ?? 'A computer not yet named', 200),
        lastChangeAt: msOf(peer.lastHlc),
        changes: peer.changes,
        waiting: (inFolder?.missing.length ?? 0) + refused,
        forgotten: peer.forgotten,
      };
    })
    .sort((a, b) => (b.lastChangeAt ?? 0) - (a.lastChangeAt ?? 0));
  const off = state.folder === null;
  const state_: DevicesStatus['state'] = off
    ? 'off'
    : activity.running
      ? 'syncing'
      : activity.waiting
        ? 'waiting'
        : activity.message !== null || problems.length > 0
          ? 'problem'
          : 'idle';
  const message =
    activity.message ??
    (problems.length > 0
      ? `${String(problems.length)} file${problems.length === 1 ? '' : 's'} in the sync folder could not be read and ${problems.length === 1 ? 'was' : 'were'} left out; your history here is unchanged.`
      : null);
  return {
    state: state_,
    folder: state.folder,
    thisDevice: { id: input.device, name: state.name ?? plainText(input.hostName, 80) },
    lastSyncedAt: state.lastSyncedAt,
    message: off ? null : message,
    progress: activity.progress,
    problems: off ? [] : problems,
    devices: off ? [] : devices,
  };
}
