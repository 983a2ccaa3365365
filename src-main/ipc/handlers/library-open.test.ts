import { describe, expect, it } from 'vitest';
import { importHandlers } from './import';
import { statsHandlers } from './stats';
import { syncHandlers } from './sync';
import { trackingHandlers } from './tracking';

const problem = 'the file is not a database';

describe('channels that need the library, when it could not be opened', () => {
  it('refuse with the same plain reason, naming what is off and why', async () => {
    const stats = statsHandlers(() => Promise.resolve({ stats: null, libraryProblem: problem }));
    const tracking = trackingHandlers(() =>
      Promise.resolve({ tracking: null, libraryProblem: problem }),
    );
    const sync = syncHandlers(() => Promise.resolve({ sync: null, libraryProblem: null }));
    await expect(stats['stats.years']({})).rejects.toMatchObject({
      code: 'internal',
      message: `Stats are off because your library could not be opened. (${problem})`,
    });
    await expect(tracking['tracking.upNext']({})).rejects.toMatchObject({
      code: 'internal',
      message: `Watch tracking is off because your library could not be opened. (${problem})`,
    });
    const imports = importHandlers(() =>
      Promise.resolve({ imports: null, libraryProblem: problem }),
    );
    await expect(imports['import.samples']({})).rejects.toMatchObject({
      code: 'internal',
      message: `Import and backup are off because your library could not be opened. (${problem})`,
    });
    await expect(sync['sync.outbox']({})).rejects.toMatchObject({
      code: 'internal',
      message: 'Sync is off because your library could not be opened. (unknown problem)',
    });
  });
});
