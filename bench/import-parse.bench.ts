import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { parse as csvParseSync } from 'csv-parse/sync';
import { build } from 'esbuild';
import { unzipSync, zipSync } from 'fflate';
import JSZip from 'jszip';
import Papa from 'papaparse';
import yauzl from 'yauzl';
import { startCatalogue } from '../catalogue';
import { DEFAULT_LIMITS } from '../src-main/import/read/limits';
import { readImport } from '../src-main/import/read/index';
import { readZip } from '../src-main/import/read/zip';
import { bigDiary, encode } from '../src-main/import/read/testing/builders';
import { median, round, time, type BenchResult } from './stats';

/**
 * Reading imports: the library choice (CSV: csv-parse vs papaparse; zip: yauzl vs fflate vs
 * jszip) measured on the files Marquee reads, and the reader end to end on a 100,000-row
 * Letterboxd diary (goal: ≤ 1 s).
 */

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap growth (MB) while `fn`'s result is still held: what parsing a file costs in memory. */
function retainedMb(fn: () => unknown): number {
  gc();
  const before = process.memoryUsage();
  const kept = fn();
  gc();
  const after = process.memoryUsage();
  const mb = (after.heapUsed - before.heapUsed + after.arrayBuffers - before.arrayBuffers) / 1e6;
  if (kept === undefined) throw new Error('nothing parsed');
  return mb;
}

async function bundleBytes(source: string): Promise<number> {
  const result = await build({
    stdin: { contents: source, resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const out = result.outputFiles[0]?.contents ?? new Uint8Array();
  return gzipSync(out).length;
}

async function yauzlAll(bytes: Uint8Array): Promise<number> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(bytes), { lazyEntries: true });
  let total = 0;
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith('/')) continue;
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) total += chunk.byteLength;
  }
  return total;
}

async function jszipAll(bytes: Uint8Array): Promise<number> {
  const zip = await JSZip.loadAsync(bytes);
  let total = 0;
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    total += (await file.async('uint8array')).byteLength;
  }
  return total;
}

function fflateAll(bytes: Uint8Array): number {
  let total = 0;
  for (const data of Object.values(unzipSync(bytes))) total += data.byteLength;
  return total;
}

export async function runImportParseBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];

  // First, while the process is small: a 1,000,000-row diary is refused at the row cap.
  gc();
  // The most memory the process has held so far, to see what the refused read adds to it.
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  const million = encode(
    `${bigDiary(0)}${'2024-01-05,"Film, one",1995,https://boxd.it/x,4,,,2024-01-05\r\n'.repeat(1_000_000)}`,
  );
  const start = performance.now();
  const refused = await readImport({ name: 'diary.csv', bytes: million }).then(
    () => 'read',
    (e: unknown) => (e instanceof Error ? e.message : 'failed'),
  );
  const refuseMs = performance.now() - start;
  const peakGrowth = Math.max(0, process.resourceUsage().maxRSS * 1024 - peakBefore);
  results.push({
    name: 'readImport 1,000,000-row diary (refused at the 250,000-row cap)',
    unit: 'ms',
    value: round(refuseMs, 1),
    budget: 3000,
    note: `${refused.slice(0, 60)}…; peak RSS grew ${round(peakGrowth / 1e6, 0)} MB (file ${round(million.byteLength / 1e6, 0)} MB)`,
  });

  // What the cap saves: the same file read in full, as if the cap were 1,000,000 rows.
  const peakBeforeFull = process.resourceUsage().maxRSS * 1024;
  const fullStart = performance.now();
  const full = await readImport(
    { name: 'diary.csv', bytes: million },
    { limits: { maxRows: 1_000_000 } },
  );
  const fullMs = performance.now() - fullStart;
  const fullGrowth = Math.max(0, process.resourceUsage().maxRSS * 1024 - peakBeforeFull);
  results.push({
    name: 'readImport 1,000,000-row diary read in full (cap lifted)',
    unit: 'ms',
    value: round(fullMs, 1),
    budget: null,
    note: `${full.rows.length} rows; peak RSS grew ${round(fullGrowth / 1e6, 0)} MB`,
  });

  const diaryText = bigDiary(100_000);
  const diaryBytes = encode(diaryText);

  // CSV libraries on the raw 100,000-row diary (8.9 MB): parse to arrays of cells.
  const papa = (): unknown =>
    Papa.parse<string[]>(diaryText, { header: false, delimiter: ',' }).data;
  const csvParse = (): unknown => csvParseSync(diaryText, { relax_column_count: true });
  const papaMs = median(await time(papa, 5, 1));
  const csvParseMs = median(await time(csvParse, 5, 1));
  results.push(
    {
      name: 'csv 100k diary: papaparse',
      unit: 'ms',
      value: round(papaMs, 1),
      budget: null,
      ratio: papaMs / csvParseMs,
      peer: 'csv-parse (sync)',
    },
    {
      name: 'csv 100k diary: csv-parse (sync)',
      unit: 'ms',
      value: round(csvParseMs, 1),
      budget: null,
    },
    {
      name: 'csv 100k diary memory: papaparse',
      unit: 'MB',
      value: round(retainedMb(papa), 1),
      budget: null,
    },
    {
      name: 'csv 100k diary memory: csv-parse (sync)',
      unit: 'MB',
      value: round(retainedMb(csvParse), 1),
      budget: null,
    },
  );

  // The reader end to end: decode, detect, parse, rows (the goal: ≤ 1 s).
  const read = (): Promise<unknown> => readImport({ name: 'diary.csv', bytes: diaryBytes });
  const readMs = await time(read, 5, 1);
  results.push({
    name: 'readImport 100k-row Letterboxd diary',
    unit: 'ms',
    value: round(median(readMs), 1),
    budget: 1000,
    // The whole read against the bare CSV parse of the same text, in this run: load-independent.
    ratio: median(readMs) / papaMs,
    peer: 'papaparse bare parse',
    note: `max ${round(Math.max(...readMs), 1)} ms`,
  });
  const zipped = zipSync({
    'diary.csv': diaryBytes,
    'watched.csv': encode('Date,Name,Year,Letterboxd URI\n'),
  });
  const zipReadMs = await time(() => readImport({ name: 'export.zip', bytes: zipped }), 5, 1);
  results.push({
    name: 'readImport 100k-row diary in a zip',
    unit: 'ms',
    value: round(median(zipReadMs), 1),
    budget: 1000,
  });

  // Zip libraries on the demo Letterboxd export and on the big diary zip.
  const catalogue = await startCatalogue({ messy: true });
  try {
    const sample =
      catalogue.samples().find((s) => s.id === 'letterboxd-demo')?.bytes ?? new Uint8Array();
    for (const [label, bytes, runs] of [
      ['demo Letterboxd zip', sample, 200],
      ['100k diary zip', zipped, 5],
    ] as const) {
      // Each library's runs back to back, with a collection between, so one's garbage is not
      // charged to the next.
      const measure = async (fn: () => unknown): Promise<number> => {
        gc();
        return median(await time(fn, runs, 2));
      };
      const y = await measure(() => yauzlAll(bytes));
      const guarded = await measure(() => readZip(bytes, 'x.zip', DEFAULT_LIMITS));
      const f = await measure(() => fflateAll(bytes));
      const j = await measure(() => jszipAll(bytes));
      results.push(
        {
          name: `zip ${label}: yauzl`,
          unit: 'ms',
          value: round(y, 3),
          budget: null,
          ratio: y / f,
          peer: 'fflate unzipSync',
        },
        { name: `zip ${label}: fflate`, unit: 'ms', value: round(f, 3), budget: null },
        {
          name: `zip ${label}: jszip`,
          unit: 'ms',
          value: round(j, 3),
          budget: null,
          ratio: j / f,
          peer: 'fflate unzipSync',
        },
        {
          name: `zip ${label}: Marquee readZip (yauzl + caps)`,
          unit: 'ms',
          value: round(guarded, 3),
          budget: null,
          ratio: guarded / y,
          peer: 'yauzl bare',
        },
      );
    }
  } finally {
    await catalogue.close();
  }

  // What each library adds to the main bundle (minified, gzipped; yauzl inflates with Node's zlib).
  for (const [name, source] of [
    ['fflate (unzipSync)', "import { unzipSync } from 'fflate'; console.log(unzipSync);"],
    ['yauzl', "import y from 'yauzl'; console.log(y.fromBuffer);"],
    ['jszip', "import J from 'jszip'; console.log(J);"],
    ['papaparse', "import P from 'papaparse'; console.log(P.parse);"],
    ['csv-parse (sync)', "import { parse } from 'csv-parse/sync'; console.log(parse);"],
  ] as const)
    results.push({
      name: `bundle size: ${name}`,
      unit: 'KB gz',
      value: round((await bundleBytes(source)) / 1024, 1),
      budget: null,
    });
  return results;
}
