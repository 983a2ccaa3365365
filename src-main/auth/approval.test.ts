import { afterEach, describe, expect, it } from 'vitest';
import { readSession } from '../credentials';
import {
  answerInBrowser,
  failure,
  startAuthStack,
  waitForChange,
  type AuthStack,
} from './testing/stack';

let stack: AuthStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const begin = async (s: AuthStack) => {
  const flow = await s.auth.beginApproval();
  const url = s.opened.at(-1);
  if (url === undefined) throw new Error('no browser was opened');
  return { flow, url };
};

describe('sign-in through the browser', () => {
  it('signs in when TMDB’s page redirects back to the loopback listener', async () => {
    stack = await startAuthStack();
    const { flow, url } = await begin(stack);
    expect(url.startsWith(`${stack.catalogue.apiBase}/authenticate/`)).toBe(true);
    const loopback = new URL(url).searchParams.get('redirect_to') ?? '';
    expect(loopback).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}$/);
    expect(stack.changes.at(-1)?.approvalPending).toBe(true);

    const visit = await answerInBrowser(url, 'Approve');
    // The renderer holds an opaque id, never the request token.
    expect(flow.flowId).not.toContain(visit.token);
    expect(visit.page?.status).toBe(200);
    expect(visit.page?.text).toContain('You can return to Marquee');

    const status = await waitForChange(stack, (s) => s.state === 'user');
    expect(status).toMatchObject({
      state: 'user',
      account: {
        id: stack.catalogue.state.demoAccount.id,
        username: 'marquee-demo',
        name: 'Demo Viewer',
      },
      approvalPending: false,
    });
    expect(stack.signedIn).toEqual([stack.catalogue.state.demoAccount.id]);
    const saved = await readSession(stack.store, Date.now());
    expect(saved).toMatchObject({ kind: 'user', accountId: stack.catalogue.state.demoAccount.id });
    expect(stack.auth.credentials().sessionId).toBe(
      saved?.kind === 'user' ? saved.sessionId : 'missing',
    );
    // The status the renderer sees holds no secret, and the listener is gone.
    expect(JSON.stringify(stack.changes)).not.toContain(visit.token);
    expect(JSON.stringify(stack.changes)).not.toContain(stack.auth.credentials().sessionId);
    await expect(fetch(loopback)).rejects.toThrow();
  });

  it('finishes with “I have approved” when the redirect never reaches Marquee', async () => {
    stack = await startAuthStack();
    const { flow, url } = await begin(stack);
    await answerInBrowser(url, 'Approve', false);
    const status = await stack.auth.completeApproval({ flowId: flow.flowId });
    expect(status.state).toBe('user');
    expect(status.account?.username).toBe('marquee-demo');
    // A repeated press reports the same outcome instead of failing.
    expect((await stack.auth.completeApproval({ flowId: flow.flowId })).state).toBe('user');
  });

  it('says the sign-in is not approved yet, and still finishes once the user approves', async () => {
    stack = await startAuthStack();
    const { flow, url } = await begin(stack);
    const early = await failure(stack.auth.completeApproval({ flowId: flow.flowId }));
    expect(early).toMatchObject({ code: 'unauthorized', tmdbStatus: 17 });
    expect(early.message).toContain('has not approved this sign-in');
    expect(stack.auth.status().approvalPending).toBe(true);

    await answerInBrowser(url, 'Approve', false);
    expect((await stack.auth.completeApproval({ flowId: flow.flowId })).state).toBe('user');
  });

  it('reports a denial clearly and lets the user start again', async () => {
    stack = await startAuthStack();
    const { flow, url } = await begin(stack);
    const mark = stack.changes.length;
    const visit = await answerInBrowser(url, 'Deny');
    expect(visit.page?.text).toContain('You denied Marquee access');
    const after = await waitForChange(stack, (s) => !s.approvalPending, mark);
    expect(after.state).toBe('signed_out');
    const denied = await failure(stack.auth.completeApproval({ flowId: flow.flowId }));
    expect(denied).toMatchObject({ code: 'unauthorized' });
    expect(denied.message).toContain('You denied Marquee access on TMDB');
    expect(await readSession(stack.store, Date.now())).toBeNull();

    const retry = await begin(stack);
    await answerInBrowser(retry.url, 'Approve');
    expect((await waitForChange(stack, (s) => s.state === 'user')).account?.name).toBe(
      'Demo Viewer',
    );
  });

  it('tells the user when TMDB says the request token expired', async () => {
    let catalogueNow = Date.now();
    stack = await startAuthStack({ catalogue: { now: () => catalogueNow } });
    const { flow, url } = await begin(stack);
    await answerInBrowser(url, 'Approve', false);
    catalogueNow += 61 * 60 * 1000;
    const expired = await failure(stack.auth.completeApproval({ flowId: flow.flowId }));
    expect(expired).toMatchObject({ code: 'unauthorized', tmdbStatus: 33 });
    expect(expired.message).toContain('expired');
    expect(stack.auth.status().approvalPending).toBe(false);
  });

  it('knows a request token is past its hour without asking TMDB', async () => {
    stack = await startAuthStack();
    const { flow } = await begin(stack);
    stack.now.ms = flow.expiresAt + 1;
    const before = stack.catalogue.requests.count('/3/authentication/session/new');
    const expired = await failure(stack.auth.completeApproval({ flowId: flow.flowId }));
    expect(expired.message).toContain('expired');
    expect(stack.catalogue.requests.count('/3/authentication/session/new')).toBe(before);
  });

  it('cancels: the listener stops and an unknown flow is refused', async () => {
    stack = await startAuthStack();
    const { flow, url } = await begin(stack);
    const loopback = new URL(url).searchParams.get('redirect_to') ?? '';
    const status = await stack.auth.cancelApproval({ flowId: flow.flowId });
    expect(status.approvalPending).toBe(false);
    await expect(fetch(loopback)).rejects.toThrow();
    const gone = await failure(stack.auth.completeApproval({ flowId: flow.flowId }));
    expect(gone.code).toBe('not_found');
  });
});
