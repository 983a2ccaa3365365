import { describe, expect, it } from 'vitest';
import { CodedError } from '../../src-shared/ipc/errors';
import { errorCode, isNetworkFailure } from './errors';

describe('the code of a failure', () => {
  it('is read from any thrown value that carries a text code', () => {
    expect(errorCode(new CodedError('not_found', 'gone'))).toBe('not_found');
    expect(errorCode({ code: 'SQLITE_FULL' })).toBe('SQLITE_FULL');
    expect(isNetworkFailure({ code: 'timeout' })).toBe(true);
    expect(isNetworkFailure(new CodedError('offline', 'no network'))).toBe(true);
  });

  it('is undefined for values without one, or with a code that is not text', () => {
    for (const value of [undefined, null, 'offline', 42, new Error('plain'), { code: 37 }]) {
      expect(errorCode(value)).toBeUndefined();
      expect(isNetworkFailure(value)).toBe(false);
    }
  });
});
