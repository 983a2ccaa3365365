/**
 * `npm run bench`: runs Marquee's benchmarks, prints a table and writes bench/results.json as an
 * array of `{ name, unit, value, budget, ratio?, peer? }`. Budgets are goals to compare against,
 * never assertions: these machines are noisy, so comparisons are made against a peer or a baseline
 * measured in the same run. `npm run bench -- storage client` runs only the named suites.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
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
  stats: async () => (await import('./stats.bench')).runStatsBenchmarks,
};

function format(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return String(round(value, 3));
}

function verdict(result: BenchResult): string {
  if (result.budget === null) return '';
  return result.value <= result.budget ? 'within' : 'OVER';
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => a !== '--');
  const names = wanted.length > 0 ? wanted : Object.keys(suites);
  const results: BenchResult[] = [];
  for (const name of names) {
    const load = suites[name];
    if (!load)
      throw new Error(
        `Unknown benchmark suite "${name}". Known: ${Object.keys(suites).join(', ')}`,
      );
    process.stdout.write(`running ${name}…\n`);
    const run = await load();
    results.push(...(await run()));
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
