import { describe, expect, it } from 'vitest';
import { redact } from '../../src-shared/redact';
import { CredentialIdentity } from './identity';

describe('CredentialIdentity', () => {
  it('keeps its number while the credentials stay the same, even as fresh objects', () => {
    const identity = new CredentialIdentity();
    const first = identity.of({ accessToken: 'token-aaaa-1111' });
    expect(identity.of({ accessToken: 'token-aaaa-1111' })).toBe(first);
  });

  it('changes its number with any credential, and never goes back to an old one', () => {
    const identity = new CredentialIdentity();
    const anonymous = identity.of({ accessToken: 'token-aaaa-1111' });
    const signedIn = identity.of({
      accessToken: 'token-aaaa-1111',
      sessionId: 'session-bbbb-2222',
    });
    const guest = identity.of({
      accessToken: 'token-aaaa-1111',
      guestSessionId: 'guest-cccc-3333',
    });
    const anonymousAgain = identity.of({ accessToken: 'token-aaaa-1111' });
    expect(new Set([anonymous, signedIn, guest, anonymousAgain]).size).toBe(4);
  });

  it('notices a credentials object changed in place', () => {
    const identity = new CredentialIdentity();
    const credentials: { apiKey: string; sessionId?: string } = { apiKey: 'apikey-dddd-4444' };
    const before = identity.of(credentials);
    credentials.sessionId = 'session-eeee-5555';
    expect(identity.of(credentials)).not.toBe(before);
  });

  it('registers new credentials for redaction when they first appear', () => {
    const identity = new CredentialIdentity();
    identity.of({ accessToken: 'plain-token-ffff-6666', sessionId: 'plain-session-gggg-7777' });
    expect(redact('sent plain-token-ffff-6666 and plain-session-gggg-7777')).toBe(
      'sent [redacted] and [redacted]',
    );
  });
});
