import { describe, expect, it } from 'vitest';
import { CHUNK_BUDGET_MS, CHUNK_ROWS, nextSize } from './job-apply';

describe('the rows of an import’s next chunk', () => {
  it('halve after a chunk over the time budget, down to a few rows', () => {
    expect(nextSize(200, CHUNK_BUDGET_MS + 1)).toBe(100);
    expect(nextSize(8, 400)).toBe(5);
    expect(nextSize(5, 400)).toBe(5);
  });

  it('double after a chunk well under it, up to the most rows a chunk holds', () => {
    expect(nextSize(50, CHUNK_BUDGET_MS / 2 - 1)).toBe(100);
    expect(nextSize(150, 0)).toBe(CHUNK_ROWS);
    expect(nextSize(CHUNK_ROWS, 0)).toBe(CHUNK_ROWS);
  });

  it('stay the same in between', () => {
    expect(nextSize(80, CHUNK_BUDGET_MS)).toBe(80);
    expect(nextSize(80, (CHUNK_BUDGET_MS * 3) / 4)).toBe(80);
  });
});
