import { afterEach, describe, expect, it } from 'vitest';
import { readSession } from '../credentials';
import { memoryLogger } from '../base/testing/memory-logger';
import { failure, startAuthStack, type AuthStack } from './testing/stack';

let stack: AuthStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function signedIn(s: AuthStack): Promise<string> {
  await s.auth.login({
    username: s.catalogue.demoUser,
    password: s.catalogue.demoPassword,
  });
  const sessionId = s.auth.credentials().sessionId;
  if (!sessionId) throw new Error('not signed in');
  return sessionId;
}

describe('sign-out', () => {
  it('refuses while changes wait to be sent, saying how many', async () => {
    stack = await startAuthStack();
    const sessionId = await signedIn(stack);
    stack.pending.count = 3;
    const error = await failure(stack.auth.signOut({ discardPending: false }));
    expect(error.code).toBe('conflict');
    expect(error.message).toContain('3 changes have not been sent to TMDB yet');
    expect(stack.auth.state()).toBe('user');
    expect(stack.catalogue.state.sessions.has(sessionId)).toBe(true);
    expect(stack.signedOut.count).toBe(0);
  });

  it('signs out anyway when told to discard the changes, here and on TMDB', async () => {
    stack = await startAuthStack();
    const sessionId = await signedIn(stack);
    stack.pending.count = 1;
    const status = await stack.auth.signOut({ discardPending: true });
    expect(status).toMatchObject({ state: 'signed_out', account: null });
    expect(stack.changes.at(-1)?.state).toBe('signed_out');
    expect(stack.catalogue.state.sessions.has(sessionId)).toBe(false);
    expect(await readSession(stack.store, Date.now())).toBeNull();
    expect(stack.auth.credentials().sessionId).toBeUndefined();
    expect(stack.signedOut.count).toBe(1);
    // The app token stays: only the session went.
    expect(stack.auth.credentials().accessToken).toBe(stack.catalogue.accessToken);
  });

  it('completes locally when TMDB cannot be reached, and says so in the log', async () => {
    const log = memoryLogger();
    stack = await startAuthStack({ log });
    await signedIn(stack);
    await stack.catalogue.close();
    const status = await stack.auth.signOut({ discardPending: false });
    expect(status.state).toBe('signed_out');
    expect(await readSession(stack.store, Date.now())).toBeNull();
    expect(stack.signedOut.count).toBe(1);
    const line = log.lines.find((l) => l.includes('"auth.signed_out"'));
    expect(line).toContain('"remoteEnded":false');
  });

  it('ends a guest session by forgetting it', async () => {
    stack = await startAuthStack();
    await stack.auth.guest();
    const status = await stack.auth.signOut({ discardPending: false });
    expect(status.state).toBe('signed_out');
    expect(await stack.store.get('tmdb.session')).toBeNull();
  });
});
