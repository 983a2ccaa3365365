import type { ServicesChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { Read } from '../../cache/reads';
import { loadCatalogue } from '../../services/catalogue';
import type { ServicesService } from '../../services/services';
import { libraryPart } from './library-open';

export interface ServicesHandlerDeps {
  /** null when the library could not be opened: my services are kept there. */
  services: ServicesService | null;
  libraryProblem: string | null;
  read: Read;
}

/** My streaming services: the choice, the providers to choose from, the once-only summary. */
export function servicesHandlers(
  use: () => Promise<ServicesHandlerDeps>,
): HandlersFor<ServicesChannel> {
  const services = async (): Promise<ServicesService> => {
    const deps = await use();
    return libraryPart(deps.services, 'My services are off', deps.libraryProblem);
  };
  return {
    'services.get': async () => (await services()).state(),
    'services.set': async (input) => (await services()).set(input),
    'services.dismissSummary': async () => (await services()).dismissSummary(),
    'services.catalogue': async ({ region }) => {
      const deps = await use();
      const chosen = region ?? deps.services?.state().services.region ?? 'US';
      return loadCatalogue(deps.read, chosen);
    },
  };
}
