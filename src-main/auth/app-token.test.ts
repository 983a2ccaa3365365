import { afterEach, describe, expect, it } from 'vitest';
import { failure, startAuthStack, type AuthStack } from './testing/stack';

let stack: AuthStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('app-level credentials', () => {
  it('checks a token with TMDB, saves it and uses it at once', async () => {
    stack = await startAuthStack({ env: { accessToken: undefined, demo: false } });
    expect(stack.auth.status().appCredentials).toBe('none');
    const status = await stack.auth.setAppToken({
      kind: 'accessToken',
      value: stack.catalogue.accessToken,
    });
    expect(status.appCredentials).toBe('user-token');
    expect(await stack.store.get('tmdb.accessToken')).toBe(stack.catalogue.accessToken);
    expect(stack.auth.credentials().accessToken).toBe(stack.catalogue.accessToken);
    expect((await stack.restart()).credentials().accessToken).toBe(stack.catalogue.accessToken);
  });

  it('keeps the old token when TMDB rejects the new one (status 7)', async () => {
    stack = await startAuthStack({ env: { accessToken: undefined, demo: false } });
    await stack.auth.setAppToken({
      kind: 'accessToken',
      value: stack.catalogue.accessToken,
    });
    const wrong = 'mq_this-token-was-never-issued-by-tmdb';
    const error = await failure(stack.auth.setAppToken({ kind: 'accessToken', value: wrong }));
    expect(error).toMatchObject({ code: 'unauthorized', tmdbStatus: 7 });
    expect(error.message).toContain('TMDB rejected this access token');
    expect(error.message).not.toContain(wrong);
    expect(await stack.store.get('tmdb.accessToken')).toBe(stack.catalogue.accessToken);
    expect(stack.auth.credentials().accessToken).toBe(stack.catalogue.accessToken);
  });

  it('checks the candidate alone: a request sent meanwhile still uses the token in force', async () => {
    stack = await startAuthStack();
    const checking = failure(
      stack.auth.setAppToken({
        kind: 'apiKey',
        value: 'f'.repeat(31) + 'e',
      }),
    );
    // Started while the check is in flight: it must still present the working token.
    const account = stack.auth.guest();
    expect((await account).state).toBe('guest');
    expect((await checking).message).toContain('TMDB rejected this API key');
  });

  it('catches a token pasted as the wrong kind before asking TMDB', async () => {
    stack = await startAuthStack();
    const before = stack.catalogue.requests.total;
    const error = await failure(
      stack.auth.setAppToken({
        kind: 'apiKey',
        value: 'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ4In0.c2ln',
      }),
    );
    expect(error.code).toBe('invalid_input');
    expect(stack.catalogue.requests.total).toBe(before);
  });

  it('clears the saved token and falls back to the environment’s', async () => {
    stack = await startAuthStack();
    await stack.auth.setAppToken({
      kind: 'accessToken',
      value: stack.catalogue.accessToken,
    });
    const status = await stack.auth.clearAppToken();
    expect(status.appCredentials).toBe('demo');
    expect(await stack.store.get('tmdb.accessToken')).toBeNull();
  });
});
