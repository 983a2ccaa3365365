import type { DevicesChannel } from '../../../src-shared/ipc/contract';
import { CodedError } from '../../../src-shared/ipc/errors';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { DeviceSync } from '../../sync/service';
import { libraryPart } from './library-open';

export interface DevicesDeps {
  /** null when the library could not be opened: there is no history to share. */
  devices: DeviceSync | null;
  libraryProblem: string | null;
  /** The system's folder dialog (the desktop shell); null where there is none (the harness). */
  pickFolder: (() => Promise<string | null>) | null;
}

/** Sync across computers through a folder the person's own sync service keeps in step. */
export function devicesHandlers(use: () => Promise<DevicesDeps>): HandlersFor<DevicesChannel> {
  const service = async (): Promise<DevicesDeps & { sync: DeviceSync }> => {
    const deps = await use();
    return {
      ...deps,
      sync: libraryPart(deps.devices, 'Sync across computers is off', deps.libraryProblem),
    };
  };
  return {
    'devices.status': async () => (await service()).sync.status(),
    'devices.setup': async ({ folder, passphrase, name }) => {
      const { sync, pickFolder } = await service();
      if (folder === 'dialog' && pickFolder === null)
        throw new CodedError('unsupported', 'Type the folder’s full path instead.');
      const path = folder === 'dialog' ? await pickFolder?.() : folder;
      if (path === null || path === undefined) return null;
      return sync.setup({ folder: path, passphrase, name });
    },
    'devices.rename': async ({ name }) => (await service()).sync.rename(name),
    'devices.syncNow': async () => (await service()).sync.syncNow(),
    'devices.stop': async () => (await service()).sync.stop(),
    'devices.forget': async ({ id }) => (await service()).sync.forget(id),
  };
}
