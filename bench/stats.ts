/** Small statistics helpers for `npm run bench`. */
export interface BenchResult {
  name: string;
  unit: string;
  value: number;
  budget: number | null;
  /** Our value divided by the peer's or baseline's, where something is compared. */
  ratio?: number;
  peer?: string;
  note?: string;
}

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** Runs `fn` `iterations` times after `warmup` runs and returns each run's duration in ms. */
export async function time(
  fn: () => unknown,
  iterations: number,
  warmup = Math.min(20, iterations),
): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
