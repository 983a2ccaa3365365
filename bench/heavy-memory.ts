/**
 * Main-process memory on the large profile after a 50-page walk through the handlers (browse,
 * search and details pages, as a user moves around), in a process of its own so nothing another
 * measure left behind counts. Run by the heavy suite bundled into plain JavaScript, in plain Node
 * (as the built app loads its code, with no TypeScript loader in the process):
 * `node --expose-gc heavy-memory.mjs <dataDir> <apiBase> <imageBase> <token>`; prints one JSON line.
 */
import { call, profileCore } from './heavy-core';

const PAGES = 50;
const WORDS = [
  'night',
  'river',
  'star',
  'garden',
  'winter',
  'house',
  'king',
  'last',
  'fire',
  'moon',
];

export interface WalkResult {
  pages: number;
  /**
   * RSS, heap and external memory in MB: before the core is made (the runtime and the loaded
   * code), once its databases are open, and after the walk.
   */
  baseRss: number;
  startRss: number;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** RSS once a full collection has run after the walk (null without `--expose-gc`). */
  collectedRss: number | null;
}

const mb = (bytes: number): number => bytes / 1024 / 1024;

async function walk(dataDir: string, apiBase: string, imageBase: string, token: string) {
  const baseRss = mb(process.memoryUsage().rss);
  const core = profileCore(dataDir, { apiBase, imageBase, token });
  try {
    await core.ready;
    const startRss = mb(process.memoryUsage().rss);
    let films: number[] = [];
    let series: number[] = [];
    let pages = 0;
    for (let i = 0; pages < PAGES; i++) {
      const step = i % 5;
      if (step === 0) {
        const page = await call(core, 'browse.discoverMovies', { page: 1 + Math.floor(i / 5) });
        films = page.data.results.map((r) => r.id);
      } else if (step === 1) {
        await call(core, 'movie.details', { id: films[i % Math.max(1, films.length)] ?? 1 });
      } else if (step === 2) {
        const word = WORDS[Math.floor(i / 5) % WORDS.length] ?? 'night';
        // As typed: the local answer on each of the last letters, then the network's.
        await call(core, 'search.ahead', { text: word.slice(0, 2) });
        await call(core, 'search.multi', { query: word, page: 1, localOnly: true });
        await call(core, 'search.multi', { query: word, page: 1, localOnly: false });
      } else if (step === 3) {
        const top = await call(core, 'browse.topRatedTv', { page: 1 + Math.floor(i / 5) });
        series = top.data.results.map((r) => r.id);
      } else {
        await call(core, 'tv.details', { id: series[i % Math.max(1, series.length)] ?? 1 });
      }
      pages += 1;
    }
    const used = process.memoryUsage();
    // What the walk left as garbage the collector had not reached yet, beside the figure.
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const collectedRss = gc === undefined ? null : mb(process.memoryUsage().rss);
    const result: WalkResult = {
      pages,
      baseRss,
      startRss,
      rss: mb(used.rss),
      heapUsed: mb(used.heapUsed),
      external: mb(used.external),
      arrayBuffers: mb(used.arrayBuffers),
      collectedRss,
    };
    return result;
  } finally {
    await core.close();
  }
}

const [dataDir, apiBase, imageBase, token] = process.argv.slice(2);
if (dataDir && apiBase && imageBase && token)
  walk(dataDir, apiBase, imageBase, token).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
