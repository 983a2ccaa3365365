import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  it('turns a burst of calls during a run into exactly one more run', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const reload = coalesce(async () => {
      runs += 1;
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = reload();
    const burst = Array.from({ length: 5000 }, () => reload());
    release();
    await Promise.all([first, ...burst]);
    expect(runs).toBe(2);
  });

  it('runs again for a call made after the previous run ended', async () => {
    let runs = 0;
    const reload = coalesce(() => {
      runs += 1;
      return Promise.resolve();
    });
    await reload();
    await reload();
    expect(runs).toBe(2);
  });

  it('keeps working after a run fails', async () => {
    let runs = 0;
    const reload = coalesce(() => {
      runs += 1;
      return runs === 1 ? Promise.reject(new Error('offline')) : Promise.resolve();
    });
    await expect(reload()).rejects.toThrow('offline');
    await reload();
    expect(runs).toBe(2);
  });
});
