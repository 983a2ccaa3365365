import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startCatalogue, type Catalogue } from '../../../catalogue';
import type { TestCore } from '../../core/testing/core';
import { startComputer, type ComputerOptions } from './computers';

/** A test file's computers: started on one catalogue, closed and their folders removed after each test. */
export interface ComputerLab {
  /** The catalogue every computer reads (started once for the file). */
  readonly catalogue: Catalogue;
  /** A folder removed after the test. */
  tempDir: (prefix: string) => string;
  /** A computer closed after the test, unless stopped before. */
  start: (options: Omit<ComputerOptions, 'catalogue'>) => Promise<TestCore>;
  stop: (t: TestCore) => Promise<void>;
  /** The id of the catalogue's film at this index. */
  film: (index: number) => number;
  /** Marks that film watched now; the new play's uid. */
  mark: (t: TestCore, index: number) => Promise<string>;
}

/** Registers the file's hooks for its computers (see `ComputerLab`). */
export function useComputerLab(options: { titles: number }): ComputerLab {
  let catalogue: Catalogue | undefined;
  let dirs: string[] = [];
  let running: TestCore[] = [];

  beforeAll(async () => {
    catalogue = await startCatalogue({ titles: options.titles, messy: false });
  });
  afterAll(async () => {
    await catalogue?.close();
  });
  beforeEach(() => {
    dirs = [];
    running = [];
  });
  afterEach(async () => {
    for (const t of running) await t.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const started = (): Catalogue => {
    if (!catalogue) throw new Error('the catalogue starts before the first test');
    return catalogue;
  };
  const film = (index: number): number => started().data.movies[index]?.id ?? 0;
  return {
    get catalogue() {
      return started();
    },
    tempDir: (prefix) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    start: async (computer) => {
      const t = await startComputer({ catalogue: started(), ...computer });
      running.push(t);
      return t;
    },
    stop: async (t) => {
      running = running.filter((other) => other !== t);
      await t.close();
    },
    film,
    mark: async (t, index) => {
      const { added } = await t.value('tracking.mark', {
        target: { scope: 'movie', movieId: film(index) },
        when: { kind: 'now' },
      });
      return added[0]?.uid ?? '';
    },
  };
}
