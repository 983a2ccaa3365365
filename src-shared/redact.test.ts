import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetSecret,
  redact,
  redactAndCut,
  REDACTED,
  redactValue,
  registerSecret,
} from './redact';

const jwt =
  'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJhYmMxMjMiLCJzY29wZXMiOlsiYXBpX3JlYWQiXX0.dGhpcy1pcy1hLXNpZ25hdHVyZQ';
const session = '2629f70fb498edc263a0adb99118ac41f0053e8c';
const requestToken = 'ff5c7eeb5a8870efe3cd7fc5c282cffd26800ecd';
const guest = '1ce82ec1223641636ad4a60b07de3581';

describe('redact: query parameters', () => {
  it.each([
    'api_key',
    'session_id',
    'guest_session_id',
    'request_token',
    'access_token',
    'token',
    'password',
  ])('removes %s from a URL and keeps the rest', (name) => {
    const url = `https://api.themoviedb.org/3/movie/550?language=en-US&${name}=s3cr3tVALUE&page=2`;
    expect(redact(url)).toBe(
      `https://api.themoviedb.org/3/movie/550?language=en-US&${name}=${REDACTED}&page=2`,
    );
  });

  it('removes a secret that is the first parameter, ends the text, or has a fragment after it', () => {
    expect(redact('/3/account?session_id=abc123')).toBe(`/3/account?session_id=${REDACTED}`);
    expect(redact('/3/account?api_key=k3y#top')).toBe(`/3/account?api_key=${REDACTED}#top`);
    expect(redact('session_id=abc123&x=1')).toBe(`session_id=${REDACTED}&x=1`);
  });

  it('matches parameter names in any case and inside messages and quotes', () => {
    expect(redact('GET /3/x?API_KEY=abc failed')).toBe(`GET /3/x?API_KEY=${REDACTED} failed`);
    expect(redact(`fetch "https://h/3/x?session_id=${session}" failed`)).toBe(
      `fetch "https://h/3/x?session_id=${REDACTED}" failed`,
    );
    expect(redact(`(api_key=abc123)`)).toBe(`(api_key=${REDACTED})`);
  });

  it('does not confuse guest_session_id with session_id', () => {
    expect(redact(`?guest_session_id=${guest}`)).toBe(`?guest_session_id=${REDACTED}`);
  });
});

describe('redact: headers and tokens', () => {
  it('removes bearer tokens, with or without the header name', () => {
    expect(redact(`Authorization: Bearer ${jwt}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redact(`authorization: bearer opaque-token-1234567890`)).toBe(
      `authorization: bearer ${REDACTED}`,
    );
    expect(redact(`sent Bearer abcdefghijklmnop1234 to TMDB`)).toBe(
      `sent Bearer ${REDACTED} to TMDB`,
    );
  });

  it('removes a short Authorization value too, since the header says it is a credential', () => {
    expect(redact('Authorization: Bearer abc')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redact('{"Authorization":"Bearer abc"}')).toBe(`{"Authorization":"Bearer ${REDACTED}"}`);
  });

  it('removes JWT-looking tokens wherever they are', () => {
    expect(redact(`token ${jwt} rejected`)).toBe(`token ${REDACTED} rejected`);
    expect(redact(`[${jwt}]`)).toBe(`[${REDACTED}]`);
  });

  it('removes the request token from a TMDB approval URL', () => {
    expect(
      redact(
        `Open https://www.themoviedb.org/authenticate/${requestToken}?redirect_to=marquee://done`,
      ),
    ).toBe(`Open https://www.themoviedb.org/authenticate/${REDACTED}?redirect_to=marquee://done`);
  });

  it('removes a guest session from a path but keeps the endpoint that creates one', () => {
    expect(redact(`GET /3/guest_session/${guest}/rated/movies`)).toBe(
      `GET /3/guest_session/${REDACTED}/rated/movies`,
    );
    expect(redact('GET /3/authentication/guest_session/new')).toBe(
      'GET /3/authentication/guest_session/new',
    );
    expect(redact('GET /3/authentication/guest_session/new?x=1')).toBe(
      'GET /3/authentication/guest_session/new?x=1',
    );
  });
});

describe('redact: JSON fields', () => {
  it('removes secret fields from JSON text and keeps the others', () => {
    const body = JSON.stringify({
      success: true,
      session_id: session,
      expires_at: '2026-01-01',
      request_token: requestToken,
    });
    const out = redact(body);
    expect(JSON.parse(out)).toEqual({
      success: true,
      session_id: REDACTED,
      expires_at: '2026-01-01',
      request_token: REDACTED,
    });
  });

  it('handles spacing and escaped quotes inside a value', () => {
    expect(redact('{ "password" :  "pa\\"ss" , "username":"me"}')).toBe(
      `{ "password" :  "${REDACTED}" , "username":"me"}`,
    );
  });
});

describe('redact: registered secrets', () => {
  afterEach(() => {
    forgetSecret('my-live-access-token');
    forgetSecret(session);
  });

  it('removes a registered secret wherever it appears, and stops after it is forgotten', () => {
    registerSecret('my-live-access-token');
    expect(redact('token my-live-access-token in free text')).toBe(
      `token ${REDACTED} in free text`,
    );
    forgetSecret('my-live-access-token');
    expect(redact('my-live-access-token')).toBe('my-live-access-token');
  });

  it('removes a registered session even inside other text', () => {
    registerSecret(session);
    expect(redact(`/3/account/1/lists/${session}x`)).toBe(`/3/account/1/lists/${REDACTED}x`);
  });

  it('ignores secrets too short to be real, which would shred ordinary text', () => {
    registerSecret('a');
    registerSecret('');
    registerSecret(undefined);
    expect(redact('a banana')).toBe('a banana');
  });
});

describe('redact: ordinary text is left alone', () => {
  it.each([
    'tokenize the title',
    'session list',
    'Your session expired; sign in again.',
    'the bearer of bad news',
    'GET /3/authentication/token/new',
    'GET /3/authentication/session/new',
    'DELETE /3/authentication/session',
    'GET /3/movie/550/release_dates?language=en-US&page=1',
    'password reset required',
    'The Authorization step failed.',
    'https://image.tmdb.org/t/p/w500/kqjL17yufvn9OVLyXYpvtyrFfak.jpg',
  ])('%s', (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('redactValue', () => {
  it('walks nested objects and arrays, by key and by value', () => {
    const value = {
      url: `https://api.themoviedb.org/3/account?session_id=${session}`,
      headers: { Authorization: `Bearer ${jwt}`, Accept: 'application/json' },
      credentials: { accessToken: jwt, apiKey: 'k', sessionId: session, guestSessionId: guest },
      attempts: [{ api_key: 'abc', status: 401 }, 'plain'],
      page: 2,
      ok: false,
      missing: null,
    };
    expect(redactValue(value)).toEqual({
      url: `https://api.themoviedb.org/3/account?session_id=${REDACTED}`,
      headers: { Authorization: REDACTED, Accept: 'application/json' },
      credentials: {
        accessToken: REDACTED,
        apiKey: REDACTED,
        sessionId: REDACTED,
        guestSessionId: REDACTED,
      },
      attempts: [{ api_key: REDACTED, status: 401 }, 'plain'],
      page: 2,
      ok: false,
      missing: null,
    });
  });

  it('turns errors into their redacted name and message', () => {
    const error = new TypeError(`request to https://h/3/x?api_key=abc123 failed`);
    expect(redactValue({ error })).toEqual({
      error: `TypeError: request to https://h/3/x?api_key=${REDACTED} failed`,
    });
  });

  it('turns URL objects into redacted text', () => {
    expect(redactValue(new URL(`https://api.themoviedb.org/3/list/1?session_id=${session}`))).toBe(
      `https://api.themoviedb.org/3/list/1?session_id=${REDACTED}`,
    );
  });

  it('drops what is nested too deep instead of passing it on unread', () => {
    let deep: unknown = `?api_key=leaked-if-unread`;
    for (let i = 0; i < 10; i++) deep = { next: deep };
    expect(JSON.stringify(redactValue(deep))).not.toContain('leaked-if-unread');
  });

  it('survives a cycle', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(() => redactValue(a)).not.toThrow();
  });

  it('leaves the original untouched', () => {
    const original = { session_id: session };
    redactValue(original);
    expect(original.session_id).toBe(session);
  });
});

describe('redactAndCut', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtYXJxdWVlIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
  afterEach(() => {
    forgetSecret('registered-secret-value-0123');
  });

  it.each([3, 5, 10, 20, 40])(
    'leaves no part of a token that straddles the cut (%i characters of it before the cut)',
    (inside) => {
      const text = `${'x'.repeat(99 - inside)} ${jwt} and more`;
      expect(redactAndCut(text, 100)).not.toContain('eyJ');
      // Cut first, the pattern no longer matches and the head of the token survives.
      expect(redact(text.slice(0, 100))).toContain('eyJ');
    },
  );

  it('leaves no part of a registered secret that straddles the cut', () => {
    registerSecret('registered-secret-value-0123');
    const text = `${'y'.repeat(90)}registered-secret-value-0123`;
    expect(redactAndCut(text, 100)).not.toContain('registered');
  });

  it('keeps short text whole and marks a cut', () => {
    expect(redactAndCut('short', 100)).toBe('short');
    expect(redactAndCut('z'.repeat(120), 100)).toBe(`${'z'.repeat(100)}…`);
  });
});

describe('redact: media servers', () => {
  it.each([
    ['http://127.0.0.1:32400/status/sessions?X-Plex-Token=abcDEF123xyz', 'abcDEF123xyz'],
    ['X-Plex-Token: q1w2e3r4t5', 'q1w2e3r4t5'],
    ['{"X-Plex-Token":"q1w2e3r4t5"}', 'q1w2e3r4t5'],
    ['x-emby-token=zzz999aaa', 'zzz999aaa'],
    ['X-Emby-Token: zzz999aaa', 'zzz999aaa'],
    ['X-MediaBrowser-Token: zzz999aaa', 'zzz999aaa'],
    ['GET /Items?api_key=0123456789abcdef&userId=1', '0123456789abcdef'],
    [
      'Authorization: MediaBrowser Client="Marquee", Device="Mac", Token="f00dfeed42"',
      'f00dfeed42',
    ],
    ['MediaBrowser Token="f00dfeed42", Client="Marquee"', 'f00dfeed42'],
    ['{"Username":"alice","Pw":"hunter2!"}', 'hunter2!'],
    ['{"username":"alice","password":"hunter2!"}', 'hunter2!'],
    ['<Preferences PlexOnlineToken="plexTOKEN77" />', 'plexTOKEN77'],
  ])('removes the secret from %s', (text, secret) => {
    const out = redact(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });

  it('walks media-server secrets by key in objects', () => {
    expect(
      redactValue({ 'X-Plex-Token': 'a', xEmbyToken: 'b', Pw: 'c', password: 'd', name: 'Anna' }),
    ).toEqual({
      'X-Plex-Token': REDACTED,
      xEmbyToken: REDACTED,
      Pw: REDACTED,
      password: REDACTED,
      name: 'Anna',
    });
  });

  it('leaves a Jellyfin event without secrets alone', () => {
    const text = '{"NotificationType":"PlaybackStop","Name":"Pilot","SeriesName":"Breaking Bad"}';
    expect(redact(text)).toBe(text);
  });
});
