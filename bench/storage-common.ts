/** What the storage benchmarks share: timing a call, and opening a database as Marquee does. */
import type Database from 'better-sqlite3';
import { openDatabase } from '../src-main/db/open';

export function time(fn: () => void, runs: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

/**
 * One run's wall time and the process's CPU time, in ms. On a shared, loaded machine the wall
 * time includes waiting for a core; the CPU time is the work itself.
 */
export function wallAndCpu(fn: () => unknown): { wall: number; cpu: number } {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  fn();
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

/** Opens (checks and migrates) a database, as start-up does. */
export async function open(file: string, kind: 'cache' | 'library'): Promise<Database.Database> {
  const result = await openDatabase(file, { kind });
  if (result.status === 'unrecoverable') throw new Error(result.reason);
  return result.db;
}
