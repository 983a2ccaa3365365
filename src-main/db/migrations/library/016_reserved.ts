import type { Migration } from '../../migrate';

/** Reserved for another part of the schema; changes nothing. */
export const library016: Migration = {
  version: 16,
  name: 'reserved',
  up() {
    // Nothing: the number is taken, its content lands with its own change.
  },
};
