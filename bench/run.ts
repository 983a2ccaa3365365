/**
 * `npm run bench`: runs Marquee's benchmarks, prints a table and writes bench/results.json as an
 * array of `{ name, unit, value, budget, ratio?, peer? }`. Budgets are goals to compare against,
 * never assertions: these machines are noisy, so comparisons are made against a peer or a baseline
 * measured in the same run. `npm run bench -- storage client` runs only the named suites.
 *
 * Each suite runs in a process of its own, one after another: a suite that leaves a large heap
 * behind (the import suites read a million rows) would otherwise put its garbage collections in
 * the next suite's timings.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { round, type BenchResult } from './stats';

type Suite = () => Promise<BenchResult[]>;

const suites: Record<string, () => Promise<Suite>> = {
  storage: async () => (await import('./storage.bench')).runStorageBenchmarks,
  client: async () => (await import('./client.bench')).runClientBenchmarks,
  renderer: async () => (await import('./renderer.bench')).runRendererBenchmarks,
  tracking: async () => (await import('./tracking.bench')).runTrackingBenchmarks,
  'import-parse': async () => (await import('./import-parse.bench')).runImportParseBenchmarks,
  import: async () => (await import('./import.bench')).runImportBenchmarks,
  'import-tvtime': async () => (await import('./import-tvtime.bench')).runTvTimeImportBenchmarks,
  stats: async () => (await import('./stats.bench')).runStatsBenchmarks,
  capture: async () => (await import('./capture.bench')).runCaptureBenchmarks,
  'sync-folder': async () => (await import('./sync-folder.bench')).runSyncFolderBenchmarks,
  sync: async () => (await import('./sync.bench')).runSyncBenchmarks,
  heavy: async () => (await import('./heavy.bench')).runHeavyBenchmarks,
  picks: async () => (await import('./picks.bench')).runPicksBenchmarks,
  services: async () => (await import('./services.bench')).runServicesBenchmarks,
  availability: async () => (await import('./availability.bench')).runAvailabilityBenchmarks,
};

function format(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return String(round(value, 3));
}

function verdict(result: BenchResult): string {
  if (result.budget === null) return '';
  return result.value <= result.budget ? 'within' : 'OVER';
}

/** Runs one suite in a child process (the same Node and loader) and reads back its results. */
function runApart(name: string): Promise<BenchResult[]> {
  const out = join(tmpdir(), `marquee-bench-${String(process.pid)}-${name}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--child', name, out],
      { stdio: 'inherit' },
    );
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`benchmark suite "${name}" failed (exit ${String(code)})`));
        return;
      }
      try {
        resolve(JSON.parse(readFileSync(out, 'utf8')) as BenchResult[]);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        rmSync(out, { force: true });
      }
    });
  });
}

/** In a child: runs one suite and writes its results to `out`. */
async function child(name: string, out: string): Promise<void> {
  const load = suites[name];
  if (!load) throw new Error(`Unknown benchmark suite "${name}"`);
  const run = await load();
  writeFileSync(out, JSON.stringify(await run()));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args[0] === '--child') {
    await child(args[1] ?? '', args[2] ?? '');
    return;
  }
  const names = args.length > 0 ? args : Object.keys(suites);
  for (const name of names) {
    if (!suites[name])
      throw new Error(
        `Unknown benchmark suite "${name}". Known: ${Object.keys(suites).join(', ')}`,
      );
  }
  const results: BenchResult[] = [];
  for (const name of names) {
    process.stdout.write(`running ${name}…\n`);
    results.push(...(await runApart(name)));
  }
  const rows = results.map((r) => [
    r.name,
    format(r.value),
    r.unit,
    format(r.budget),
    verdict(r),
    format(r.ratio),
    r.peer ?? '',
  ]);
  const header = ['benchmark', 'value', 'unit', 'budget', 'verdict', 'ratio', 'compared with'];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log('');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log(
    `\nload average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const file = join(dirname(fileURLToPath(import.meta.url)), 'results.json');
  writeFileSync(
    file,
    `${JSON.stringify(
      results.map((r) => ({
        name: r.name,
        unit: r.unit,
        value: round(r.value, 4),
        budget: r.budget,
        ...(r.ratio === undefined ? {} : { ratio: round(r.ratio, 4) }),
        ...(r.peer === undefined ? {} : { peer: r.peer }),
        ...(r.note === undefined ? {} : { note: r.note }),
      })),
      null,
      2,
    )}\n`,
  );
  console.log(`wrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
