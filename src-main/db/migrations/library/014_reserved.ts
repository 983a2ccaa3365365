import type { Migration } from '../../migrate';

/** Reserved for another part of the schema; changes nothing. */
export const library014: Migration = {
  version: 14,
  name: 'reserved',
  up() {
    // Nothing: the number is taken, its content lands with its own change.
  },
};
