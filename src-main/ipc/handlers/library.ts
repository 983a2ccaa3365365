import type { LibraryChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { UserLibrary } from '../../library/user-library';

/** The library and list channels, once the library is open. */
export function libraryHandlers(
  use: () => Promise<{ library: UserLibrary }>,
): HandlersFor<LibraryChannel> {
  const library = async (): Promise<UserLibrary> => (await use()).library;
  return {
    'library.state': async ({ target }) => (await library()).state(target),
    'library.collection': async (query) => (await library()).collection(query),
    'library.setWatchlist': async (change) => (await library()).setWatchlist(change),
    'library.setFavorite': async (change) => (await library()).setFavorite(change),
    'library.rate': async (change) => (await library()).rate(change),
    'lists.all': async () => (await library()).lists(),
    'lists.get': async ({ listId }) => (await library()).list(listId),
    'lists.create': async (list) => (await library()).createList(list),
    'lists.addItem': async (change) => (await library()).addToList(change),
    'lists.removeItem': async (change) => (await library()).removeFromList(change),
    'lists.clear': async ({ listId }) => (await library()).clearList(listId),
    'lists.delete': async ({ listId }) => (await library()).deleteList(listId),
  };
}
