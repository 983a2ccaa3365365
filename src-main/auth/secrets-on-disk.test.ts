import { appendFileSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import { credentialFile, encryptedFileStore } from '../credentials';
import { fakeSafeStorage } from '../credentials/testing/fake-backends';
import { createLogger } from '../base/log';
import {
  answerInBrowser,
  failure,
  startAuthStack,
  waitForChange,
  type AuthStack,
} from './testing/stack';

let stack: AuthStack | undefined;
let catalogue: Catalogue | undefined;
let dir: string | undefined;
afterEach(async () => {
  await stack?.close();
  await catalogue?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  stack = catalogue = dir = undefined;
});

/** A file's text plus every base64 run in it decoded, so an "encoded" plaintext is caught too. */
function readable(file: string): string {
  const text = readFileSync(file, 'latin1');
  const decoded = [...text.matchAll(/[A-Za-z0-9+/]{16,}={0,2}/g)].map((m) =>
    Buffer.from(m[0], 'base64').toString('latin1'),
  );
  return [text, ...decoded].join('\n');
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('sign-out leaves no secret on disk', () => {
  it('after password and browser sign-ins and sign-outs, no file and no log line holds a secret', async () => {
    dir = await mkdtemp(join(tmpdir(), 'marquee-auth-'));
    catalogue = await startCatalogue({ titles: 50, messy: false });
    const logFile = join(dir, 'marquee.log');
    const log = createLogger((line) => {
      appendFileSync(logFile, `${line}\n`);
    }, 'debug');
    const store = encryptedFileStore(fakeSafeStorage(), credentialFile(dir), { log });
    stack = await startAuthStack({
      use: catalogue,
      store,
      log,
      env: { accessToken: undefined, demo: false },
    });
    const { auth } = stack;
    const secrets: string[] = [catalogue.accessToken, catalogue.demoPassword];

    // The user's own token, checked and saved (encrypted).
    await auth.setAppToken({
      kind: 'accessToken',
      value: catalogue.accessToken,
    });

    // Password sign-in, and a sign-out that discards a pending change.
    await auth.login({
      username: catalogue.demoUser,
      password: catalogue.demoPassword,
    });
    secrets.push(auth.credentials().sessionId ?? 'missing');
    stack.pending.count = 1;
    await auth.signOut({ discardPending: true });
    stack.pending.count = 0;

    // A refused password is a secret too.
    await failure(auth.login({ username: catalogue.demoUser, password: 'wrong-popcorn-9' }));
    secrets.push('wrong-popcorn-9');

    // Browser sign-in, then sign-out.
    const mark = stack.changes.length;
    await auth.beginApproval();
    const visit = await answerInBrowser(stack.opened.at(-1) ?? '', 'Approve');
    secrets.push(visit.token);
    await waitForChange(stack, (s) => s.state === 'user', mark);
    secrets.push(auth.credentials().sessionId ?? 'missing');
    await auth.accountDetails();
    await auth.signOut({ discardPending: false });

    // A guest session, left signed in: it may stay, but only encrypted.
    await auth.guest();
    secrets.push(auth.credentials().guestSessionId ?? 'missing');

    const files = filesUnder(dir);
    expect(files).toContain(logFile);
    expect(files).toContain(credentialFile(dir));
    const logText = readFileSync(logFile, 'utf8');
    expect(logText).toContain('"auth.signed_out"');
    expect(logText).toContain('"auth.login_failed"');
    for (const file of files) {
      const text = readable(file);
      for (const secret of secrets) {
        expect(secret.length).toBeGreaterThan(8);
        expect(text.includes(secret), `${file} holds a secret`).toBe(false);
      }
    }
  });
});
