import { describe, expect, it } from 'vitest';
import { CodedError } from '../../src-shared/ipc/errors';
import { ImportFileError, type ParsedImport } from './rows';
import { createStaging, MAX_SOURCE_BYTES, type ReadImport } from './staging';

const parsed: ParsedImport = { format: 'imdb', rows: [], problems: [], files: ['ratings.csv'] };

function staging(read: ReadImport = () => Promise.resolve(parsed)) {
  let n = 0;
  return createStaging({
    read,
    samples: {
      list: () => [{ id: 's1', label: 'Sample', format: 'imdb', fileName: 'sample.csv' }],
      bytes: (id) =>
        id === 's1' ? { name: 'sample.csv', bytes: new Uint8Array([1, 2, 3]) } : null,
    },
    newId: () => `src-${++n}`,
  });
}

const codeOf = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
    return 'resolved';
  } catch (error) {
    return error instanceof CodedError ? error.code : 'other';
  }
};

describe('staging an import source', () => {
  it('reads the file once in main and keeps it for analysing', async () => {
    const s = staging();
    const source = await s.stageBytes('../../etc/ratings.csv', new Uint8Array([65, 66]));
    expect(source).toEqual({
      sourceId: 'src-1',
      name: 'ratings.csv',
      format: 'imdb',
      files: ['ratings.csv'],
      sizeBytes: 2,
    });
    expect(s.take('src-1').parsed).toBe(parsed);
    expect(await s.stageSample('s1')).toMatchObject({ name: 'sample.csv', sizeBytes: 3 });
  });

  it('refuses empty, oversized, unreadable and unknown sources with a clear code', async () => {
    const s = staging(() => Promise.reject(new ImportFileError('This is not an export.')));
    expect(await codeOf(s.stageBytes('a.csv', new Uint8Array(0)))).toBe('invalid_input');
    const huge = { byteLength: MAX_SOURCE_BYTES + 1 } as Uint8Array;
    expect(await codeOf(s.stageBytes('a.zip', huge))).toBe('invalid_input');
    await expect(s.stageBytes('a.csv', new Uint8Array([1]))).rejects.toThrow(
      'This is not an export.',
    );
    expect(await codeOf(s.stageSample('nope'))).toBe('not_found');
    expect(await codeOf(s.stagePath('/no/such/file.zip'))).toBe('not_found');
    expect(() => s.take('src-99')).toThrow(/no longer staged/);
  });
});
