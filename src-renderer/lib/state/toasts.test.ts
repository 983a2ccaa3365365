import { afterEach, describe, expect, it } from 'vitest';
import { plainError } from '../errors';
import { ToastState } from './toasts.svelte';

const toasts = new ToastState();
afterEach(() => {
  toasts.reset();
});

describe('failure toasts', () => {
  it('say a core failure plainly and keep its technical text for Details', () => {
    const message =
      'not_found: TMDB could not find it. (POST /3/account/{account_id}/watchlist: HTTP 404)';
    toasts.failure('Could not add “Alien”', { code: 'not_found', message });
    expect(toasts.items[0]).toMatchObject({
      detail: plainError({ code: 'not_found' }),
      technical: message,
    });
  });

  it('keep a message the core wrote for people as it is', () => {
    toasts.failure('Could not save', { code: 'invalid_input', message: 'The name is too long.' });
    expect(toasts.items[0]).toMatchObject({ detail: 'The name is too long.', technical: null });
  });
});
