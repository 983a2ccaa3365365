import { afterEach, describe, expect, it } from 'vitest';
import { failure, startAuthStack, waitForChange, type AuthStack } from './testing/stack';

let stack: AuthStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('the account', () => {
  it('answers the account with both avatar kinds and where it came from', async () => {
    stack = await startAuthStack();
    await stack.auth.login({
      username: stack.catalogue.demoUser,
      password: stack.catalogue.demoPassword,
    });
    const { data, meta } = await stack.auth.accountDetails();
    expect(data).toMatchObject({
      username: 'marquee-demo',
      iso_3166_1: 'US',
      iso_639_1: 'en',
      include_adult: false,
    });
    expect(data.avatar.gravatar.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(data.avatar.tmdb?.avatar_path).toMatch(/^\/.+\.png$/);
    expect(meta).toMatchObject({ source: 'network', stale: false });
  });

  it('offline, answers the copy read earlier in this run, marked stale', async () => {
    stack = await startAuthStack();
    await stack.auth.login({
      username: stack.catalogue.demoUser,
      password: stack.catalogue.demoPassword,
    });
    await stack.catalogue.close();
    const { data, meta } = await stack.auth.accountDetails();
    expect(data.name).toBe('Demo Viewer');
    expect(meta).toMatchObject({ source: 'cache', stale: true });
  });

  it('asks a signed-out user to sign in', async () => {
    stack = await startAuthStack();
    const error = await failure(stack.auth.accountDetails());
    expect(error.code).toBe('unauthorized');
    expect(error.message).toContain('You are not signed in');
  });

  it('after a restart, is signed in at once and learns the names without blocking start-up', async () => {
    stack = await startAuthStack();
    await stack.auth.login({
      username: stack.catalogue.demoUser,
      password: stack.catalogue.demoPassword,
    });
    const requestsBefore = stack.catalogue.requests.total;
    const again = await stack.restart();
    // Start-up read the store only.
    expect(stack.catalogue.requests.total).toBe(requestsBefore);
    expect(again.state()).toBe('user');
    const mark = stack.changes.length;
    const first = again.status();
    expect(first.account).toMatchObject({ id: stack.catalogue.state.demoAccount.id });
    const named = await waitForChange(stack, (s) => s.account?.username === 'marquee-demo', mark);
    expect(named.account?.name).toBe('Demo Viewer');
  });
});
