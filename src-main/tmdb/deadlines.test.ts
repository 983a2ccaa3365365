import { describe, expect, it } from 'vitest';
import { Deadlines, type Timed } from './deadlines';

function item(log: string[], name: string): Timed & { settled: boolean } {
  return {
    deadline: 0,
    settled: false,
    next: undefined,
    timeOut() {
      log.push(`${name} at ${Math.round(performance.now() - start)}`);
    },
  };
}

const start = performance.now();
const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('Deadlines', () => {
  it('times items out in the order they joined, each after its own length', async () => {
    const log: string[] = [];
    const deadlines = new Deadlines(40);
    const first = item(log, 'first');
    const second = item(log, 'second');
    deadlines.add(first);
    await wait(20);
    deadlines.add(second);
    await wait(30);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^first/);
    expect(first.deadline).toBeLessThanOrEqual(performance.now());
    await wait(30);
    expect(log.map((line) => line.split(' ')[0])).toEqual(['first', 'second']);
    expect(second.deadline - first.deadline).toBeGreaterThanOrEqual(15);
  });

  it('never times out an item that settled first', async () => {
    const log: string[] = [];
    const deadlines = new Deadlines(20);
    const done = item(log, 'done');
    const slow = item(log, 'slow');
    deadlines.add(done);
    deadlines.add(slow);
    done.settled = true;
    await wait(50);
    expect(log.map((line) => line.split(' ')[0])).toEqual(['slow']);
    expect(deadlines.size).toBe(0);
  });

  it('drops settled items as new ones join, so a steady stream keeps the queue short', () => {
    const deadlines = new Deadlines(60_000);
    for (let i = 0; i < 5000; i++) {
      const next = item([], String(i));
      deadlines.add(next);
      next.settled = true;
    }
    expect(deadlines.size).toBeLessThanOrEqual(1);
  });
});
