import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../src-shared/ipc/errors';
import { plainError, plainErrorText, readableError, technicalDetail } from './errors';

const INTERNAL = /\/3\/|HTTP|ECONNREFUSED|status|GET|POST|[{}]/;

describe('plainError', () => {
  it('is one sentence that says what to do, for every code, with no internals', () => {
    for (const code of errorCodes) {
      const text = plainError({ code });
      expect(text, code).toMatch(/^[A-Z].*\.$/);
      expect(text, code).not.toMatch(INTERNAL);
    }
  });

  it('keeps the technical text for the Details toggle', () => {
    const error = {
      code: 'offline' as const,
      message: 'fetch failed: connect ECONNREFUSED 127.0.0.1:34985',
    };
    expect(plainError(error)).not.toContain('ECONNREFUSED');
    expect(technicalDetail(error)).toBe(error.message);
    expect(technicalDetail({ code: 'offline', message: ' ' })).toBeNull();
  });
});

describe('plainErrorText', () => {
  it('reads a stored failure by its code prefix', () => {
    const stored =
      'not_found: TMDB could not find it. (POST /3/account/{account_id}/watchlist: HTTP 404, TMDB status 34)';
    expect(plainErrorText(stored)).toEqual({
      plain: plainError({ code: 'not_found' }),
      technical: stored,
    });
    expect(plainErrorText('List was deleted')).toEqual({
      plain: 'List was deleted',
      technical: null,
    });
  });
});

describe('readableError', () => {
  it('keeps a message written for people and replaces one written for developers', () => {
    const human = { code: 'unauthorized' as const, message: 'TMDB did not accept that password.' };
    expect(readableError(human)).toBe(human.message);
    for (const message of [
      'fetch failed: connect ECONNREFUSED 127.0.0.1:34985',
      'GET /3/tv/top_rated: results.0.name: expected string, received null',
      'TMDB could not find it. (POST /3/account/{account_id}/watchlist: HTTP 404, TMDB status 34)',
    ]) {
      expect(readableError({ code: 'offline', message })).toBe(plainError({ code: 'offline' }));
    }
  });
});
