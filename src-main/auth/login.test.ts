import { afterEach, describe, expect, it } from 'vitest';
import { readSession } from '../credentials';
import { memoryLogger } from '../base/testing/memory-logger';
import { failure, startAuthStack, type AuthStack } from './testing/stack';

let stack: AuthStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('sign-in with username and password', () => {
  it('signs in the demo user and saves the session', async () => {
    stack = await startAuthStack();
    const { demoUser, demoPassword } = stack.catalogue;
    const status = await stack.auth.login({
      username: demoUser,
      password: demoPassword,
    });
    expect(status).toMatchObject({
      state: 'user',
      account: { username: 'marquee-demo', name: 'Demo Viewer' },
    });
    expect(stack.signedIn).toHaveLength(1);
    expect((await readSession(stack.store, Date.now()))?.kind).toBe('user');
  });

  it('refuses a wrong password with a clear message and keeps nothing of it', async () => {
    const log = memoryLogger();
    stack = await startAuthStack({ log });
    const password = 'not-the-popcorn-password';
    const error = await failure(stack.auth.login({ username: stack.catalogue.demoUser, password }));
    expect(error).toMatchObject({ code: 'unauthorized', tmdbStatus: 30 });
    expect(error.message).toBe(
      'TMDB did not accept that username and password. Check them and try again.',
    );
    expect(stack.auth.status().state).toBe('signed_out');
    expect(await readSession(stack.store, Date.now())).toBeNull();
    expect(log.lines.some((line) => line.includes('auth.login_failed'))).toBe(true);
    expect(log.lines.join('\n')).not.toContain(password);
  });

  it('drops a browser sign-in still waiting, so it cannot land on top later', async () => {
    stack = await startAuthStack();
    await stack.auth.beginApproval();
    const loopback = new URL(stack.opened.at(-1) ?? '').searchParams.get('redirect_to') ?? '';
    const status = await stack.auth.login({
      username: stack.catalogue.demoUser,
      password: stack.catalogue.demoPassword,
    });
    expect(status).toMatchObject({ state: 'user', approvalPending: false });
    await expect(fetch(loopback)).rejects.toThrow();
  });

  it('refuses to sign in over a signed-in account', async () => {
    stack = await startAuthStack();
    const { demoUser, demoPassword } = stack.catalogue;
    await stack.auth.login({ username: demoUser, password: demoPassword });
    const error = await failure(stack.auth.guest());
    expect(error.code).toBe('conflict');
    expect(error.message).toContain('already signed in as marquee-demo');
  });
});

describe('guest sessions', () => {
  it('starts a guest session that expires and can only rate', async () => {
    stack = await startAuthStack();
    const status = await stack.auth.guest();
    expect(status.state).toBe('guest');
    expect(status.account).toBeNull();
    // TMDB's guest sessions last a day; the catalogue says so in `expires_at`.
    expect(status.guestExpiresAt).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(stack.auth.credentials().guestSessionId).toMatch(/^[0-9a-f]+$/);
    expect(stack.auth.accountId()).toBeNull();
    expect(stack.signedIn).toEqual([]);
    const error = await failure(stack.auth.accountDetails());
    expect(error.message).toContain('A guest session has no TMDB account');

    // Past its expiry the guest session is gone, here and after a restart.
    stack.now.ms = (status.guestExpiresAt ?? 0) + 1;
    expect(stack.auth.state()).toBe('signed_out');
    expect(stack.auth.credentials().guestSessionId).toBeUndefined();
  });

  it('keeps one guest session rather than making a new one each time', async () => {
    stack = await startAuthStack();
    await stack.auth.guest();
    const first = stack.auth.credentials().guestSessionId;
    await stack.auth.guest();
    expect(stack.auth.credentials().guestSessionId).toBe(first);
    const again = await stack.restart();
    expect(again.state()).toBe('guest');
    expect(again.credentials().guestSessionId).toBe(first);
  });
});
