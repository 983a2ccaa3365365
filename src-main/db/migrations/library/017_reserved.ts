import type { Migration } from '../../migrate';

/** Reserved for another part of the schema; changes nothing. */
export const library017: Migration = {
  version: 17,
  name: 'reserved',
  up() {
    // Nothing: the number is taken, its content lands with its own change.
  },
};
