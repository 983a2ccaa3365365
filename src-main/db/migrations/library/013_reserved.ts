import type { Migration } from '../../migrate';

/**
 * Reserved: the number belongs to a schema change made beside migration 014, which takes its
 * place when both are in. Changes nothing, so a library at version 13 has 012's schema.
 */
export const library013: Migration = {
  version: 13,
  name: 'reserved',
  up() {
    // Nothing: see above.
  },
};
