import type { AppChannel } from '../../../src-shared/ipc/contract';
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

/** What the app is and whether TMDB is reachable: answered at once, even while start-up runs. */
export function appHandlers(deps: {
  app: AppInfo;
  network: NetworkStatus;
}): HandlersFor<AppChannel> {
  return {
    'app.info': () => ({ ...deps.app, imagePath: 'img' }),
    'network.current': () => deps.network.snapshot(),
  };
}
