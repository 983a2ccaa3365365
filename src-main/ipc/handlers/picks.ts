import type { PicksChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { PicksService } from '../../picks/service';
import { libraryPart } from './library-open';

export interface PicksDeps {
  /** null when the library could not be opened: there is no history to pick from. */
  picks: PicksService | null;
  libraryProblem: string | null;
}

/** "For you": picks worked out from the history (in the worker), and "not interested". */
export function picksHandlers(use: () => Promise<PicksDeps>): HandlersFor<PicksChannel> {
  const service = async (): Promise<PicksService> => {
    const deps = await use();
    return libraryPart(deps.picks, 'Picks are off', deps.libraryProblem);
  };
  return {
    'picks.list': async ({ limit }) => (await service()).list(limit),
    'picks.dismiss': async ({ mediaType, id }) => {
      (await service()).dismiss(mediaType, id);
      return { hidden: true } as const;
    },
    'picks.undismiss': async ({ mediaType, id }) => {
      (await service()).undismiss(mediaType, id);
      return { hidden: false } as const;
    },
  };
}
