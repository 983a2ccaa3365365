import type { AuthStatus } from '../../../src-shared/ipc/contract';
import { startCatalogue, type Catalogue, type CatalogueOptions } from '../../../catalogue';
import { memoryStore, type CredentialStore } from '../../credentials';
import { EventBus } from '../../base/events';
import type { Logger } from '../../base/log';
import { memoryLogger } from '../../base/testing/memory-logger';
import { createTmdbClient } from '../../tmdb/client';
import { createAuthService, type AuthDeps, type AuthService } from '../auth-service';

/** The auth service wired to a real TMDB client and the local catalogue, as the core wires it. */
export interface AuthStack {
  catalogue: Catalogue;
  auth: AuthService;
  store: CredentialStore;
  /** Every `auth.changed` payload, in order. */
  changes: AuthStatus[];
  /** URLs handed to the system browser. */
  opened: string[];
  signedIn: number[];
  signedOut: { count: number };
  pending: { count: number };
  log: Logger;
  now: { ms: number };
  /** A second service over the same store: Marquee started again. */
  restart(): Promise<AuthService>;
  close(): Promise<void>;
}

export interface AuthStackOptions {
  store?: CredentialStore;
  log?: Logger;
  catalogue?: CatalogueOptions;
  env?: Partial<AuthDeps['env']>;
  /** Use an already running catalogue (it is not closed with the stack). */
  use?: Catalogue;
}

export async function startAuthStack(options: AuthStackOptions = {}): Promise<AuthStack> {
  const catalogue =
    options.use ?? (await startCatalogue({ titles: 50, messy: false, ...options.catalogue }));
  const store = options.store ?? memoryStore('Tests keep secrets in memory.');
  const log = options.log ?? memoryLogger();
  const now = { ms: Date.now() };
  const changes: AuthStatus[] = [];
  const opened: string[] = [];
  const signedIn: number[] = [];
  const signedOut = { count: 0 };
  const pending = { count: 0 };
  const services: AuthService[] = [];

  async function build(): Promise<AuthService> {
    const events = new EventBus();
    events.on('auth.changed', (status) => changes.push(status));
    // The client and the service need each other, as in the core: the provider reads the service late.
    const late: { service?: AuthService } = {};
    const tmdb = createTmdbClient({
      apiBase: catalogue.apiBase,
      credentials: () => late.service?.credentials() ?? {},
      log,
      maxRetries: 1,
      timeoutMs: 3000,
      sleep: () => Promise.resolve(),
    });
    const service = createAuthService({
      tmdb,
      store,
      clock: () => now.ms,
      log,
      events,
      env: { accessToken: catalogue.accessToken, demo: true, ...options.env },
      approvalOrigin: catalogue.apiBase,
      openExternal: (url) => {
        opened.push(url);
        return Promise.resolve();
      },
      pendingChanges: () => pending.count,
      onSignedIn: (id) => signedIn.push(id),
      onSignedOut: () => {
        signedOut.count += 1;
        return Promise.resolve();
      },
    });
    late.service = service;
    await service.init();
    services.push(service);
    return service;
  }

  const auth = await build();
  return {
    catalogue,
    auth,
    store,
    changes,
    opened,
    signedIn,
    signedOut,
    pending,
    log,
    now,
    restart: build,
    close: async () => {
      for (const service of services) await service.close();
      if (!options.use) await catalogue.close();
    },
  };
}

export interface BrowserVisit {
  /** The request token, read from the approval URL as a browser would see it. */
  token: string;
  /** Where TMDB's page sent the browser afterwards. */
  redirectedTo: string | null;
}

/**
 * Plays the user's browser on the catalogue's approval page: loads it, presses Approve or Deny,
 * and follows the redirect to Marquee's loopback listener unless told not to.
 */
export async function answerInBrowser(
  approvalUrl: string,
  button: 'Approve' | 'Deny',
  follow = true,
): Promise<BrowserVisit & { page?: { status: number; text: string } }> {
  const url = new URL(approvalUrl);
  const token = /\/authenticate\/([A-Za-z0-9]+)/.exec(url.pathname)?.[1] ?? '';
  const html = await (await fetch(url)).text();
  const forms = [
    ...html.matchAll(/<form method="post" action="([^"]+)"><button[^>]*>([^<]+)<\/button>/g),
  ];
  const action = forms.find((form) => form[2] === button)?.[1];
  if (!action) throw new Error(`the approval page has no ${button} button`);
  const answer = await fetch(new URL(action.replace(/&amp;/g, '&'), url.origin), {
    method: 'POST',
    redirect: 'manual',
  });
  const redirectedTo = answer.headers.get('location');
  if (!follow || redirectedTo === null) return { token, redirectedTo };
  const landing = await fetch(redirectedTo);
  return { token, redirectedTo, page: { status: landing.status, text: await landing.text() } };
}

/** Resolves with the first `auth.changed` payload from index `since` on that passes `test`. */
export async function waitForChange(
  stack: AuthStack,
  test: (status: AuthStatus) => boolean,
  since = 0,
  ms = 5000,
): Promise<AuthStatus> {
  const start = since;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const hit = stack.changes.slice(start).find(test);
    if (hit) return hit;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no matching auth.changed event arrived');
}

/** Awaits an answer that must be a failure and returns its error. */
export async function failure(
  promise: unknown,
): Promise<Error & { code?: string; tmdbStatus?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string; tmdbStatus?: number };
  }
  throw new Error('expected a failure');
}
