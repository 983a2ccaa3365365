import type { AppChannel, UpdateStatus } from '../../../src-shared/ipc/contract';
import { CodedError } from '../../../src-shared/ipc/errors';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { NetworkStatus } from '../../base/network-status';

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  dataDir: string;
  apiBase: string;
  imageBase: string;
  demo: boolean;
}

/** The desktop shell's updater, as the core sees it; absent, the build does not update itself. */
export interface AppUpdates {
  status(): UpdateStatus;
  /** Quits and installs the downloaded update; false when none is ready. */
  install(): boolean;
}

export const NO_UPDATES: AppUpdates = {
  status: () => ({ state: 'unavailable' }),
  install: () => false,
};

/** What the app is and whether TMDB is reachable: answered at once, even while start-up runs. */
export function appHandlers(deps: {
  app: AppInfo;
  network: NetworkStatus;
  updates?: AppUpdates;
  /** Start-up's notices (e.g. a repaired library), once start-up is over. */
  notices?: () => Promise<string[]>;
}): HandlersFor<AppChannel> {
  const updates = deps.updates ?? NO_UPDATES;
  return {
    'app.info': () => ({ ...deps.app, imagePath: 'img' }),
    'network.current': () => deps.network.snapshot(),
    'app.notices': async () => ({ notices: (await deps.notices?.()) ?? [] }),
    'app.update': () => updates.status(),
    'app.installUpdate': () => {
      if (!updates.install()) {
        throw new CodedError('conflict', 'No downloaded update is waiting to be installed.');
      }
      return { restarting: true } as const;
    },
  };
}
