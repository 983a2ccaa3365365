import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue, field, type TestClient } from './testing/client';

let now = Date.parse('2026-06-01T12:00:00Z');
let client: TestClient;
beforeAll(async () => {
  client = await openCatalogue({ seed: 2, now: () => now });
});
afterAll(async () => {
  await client.catalogue.close();
});

async function newToken(): Promise<{ request_token: string; expires_at: string }> {
  return (await client.get('/3/authentication/token/new')).body as {
    request_token: string;
    expires_at: string;
  };
}

/** Submits one of the approval page's forms, as the browser does. */
async function submit(html: string, button: 'Approve' | 'Deny'): Promise<Response> {
  const forms = [
    ...html.matchAll(/<form method="post" action="([^"]+)"><button[^>]*>(\w+)<\/button><\/form>/g),
  ];
  const form = forms.find((m) => m[2] === button);
  expect(form?.[1]).toBeDefined();
  const action = (form?.[1] ?? '').replace(/&amp;/g, '&');
  return fetch(new URL(action, client.catalogue.apiBase), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
  });
}

describe('sign-in through the approval page', () => {
  it('issues a token expiring in 60 minutes in TMDB format', async () => {
    const token = await newToken();
    expect(token.expires_at).toBe('2026-06-01 13:00:00 UTC');
    expect(token.request_token).toMatch(/^[0-9a-f]{40}$/);
  });

  it('approves via the HTML form, redirects back, and opens a session for the account', async () => {
    const token = await newToken();
    const page = await fetch(
      `${client.catalogue.apiBase}/authenticate/${token.request_token}?redirect_to=${encodeURIComponent('http://127.0.0.1:9/done')}`,
    );
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    const approved = await submit(html, 'Approve');
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:9/done');
    expect(location.searchParams.get('request_token')).toBe(token.request_token);
    expect(location.searchParams.get('approved')).toBe('true');

    const session = await client.send('POST', '/3/authentication/session/new', {
      request_token: token.request_token,
    });
    expect(session.status).toBe(200);
    const sessionId = field(session.body, 'session_id') as string;
    const account = await client.get(`/3/account?session_id=${sessionId}`);
    expect(field(account.body, 'username')).toBe(client.catalogue.demoUser);
    expect(field(account.body, 'avatar', 'gravatar', 'hash')).toEqual(expect.any(String));
    expect(field(account.body, 'avatar', 'tmdb', 'avatar_path')).toMatch(/^\/.+\.png$/);
    const byId = await client.get(
      `/3/account/${String(field(account.body, 'id'))}?session_id=${sessionId}`,
    );
    expect(byId.body).toEqual(account.body);

    // A token is exchanged once.
    const again = await client.send('POST', '/3/authentication/session/new', {
      request_token: token.request_token,
    });
    expect(field(again.body, 'status_code')).toBe(33);
  });

  it('denies: redirects with denied=true and session/new answers status 17', async () => {
    const token = await newToken();
    const page = await fetch(
      `${client.catalogue.apiBase}/authenticate/${token.request_token}?redirect_to=${encodeURIComponent('http://127.0.0.1:9/done')}`,
    );
    const denied = await submit(await page.text(), 'Deny');
    expect(new URL(denied.headers.get('location') ?? '').searchParams.get('denied')).toBe('true');
    const session = await client.send('POST', '/3/authentication/session/new', {
      request_token: token.request_token,
    });
    expect(session.status).toBe(401);
    expect(field(session.body, 'status_code')).toBe(17);
  });

  it('does not follow a redirect_to that is not http(s)', async () => {
    const token = await newToken();
    const page = await fetch(
      `${client.catalogue.apiBase}/authenticate/${token.request_token}?redirect_to=${encodeURIComponent('javascript:alert(1)')}`,
    );
    const approved = await submit(await page.text(), 'Approve');
    expect(approved.status).toBe(200);
    expect(approved.headers.get('location')).toBeNull();
    expect(await approved.text()).toContain('Approved');
  });

  it('refuses a token nobody approved with status 17', async () => {
    const token = await newToken();
    const session = await client.send('POST', '/3/authentication/session/new', {
      request_token: token.request_token,
    });
    expect(session.status).toBe(401);
    expect(session.body).toMatchObject({ success: false, status_code: 17 });
  });

  it('refuses an expired token with status 33, on the page and on exchange', async () => {
    const token = await newToken();
    now += 61 * 60 * 1000;
    const page = await fetch(`${client.catalogue.apiBase}/authenticate/${token.request_token}`);
    expect(page.status).toBe(401);
    const session = await client.send('POST', '/3/authentication/session/new', {
      request_token: token.request_token,
    });
    expect(session.status).toBe(401);
    expect(field(session.body, 'status_code')).toBe(33);
  });
});

describe('sign-in with username and password', () => {
  it('approves the token with the demo login', async () => {
    const sessionId = await client.signIn();
    expect(sessionId).toMatch(/^[0-9a-f]{40}$/);
  });

  it('refuses a wrong password with status 30 and leaves the token unapproved', async () => {
    const token = await newToken();
    const answer = await client.send('POST', '/3/authentication/token/validate_with_login', {
      username: client.catalogue.demoUser,
      password: 'wrong',
      request_token: token.request_token,
    });
    expect(answer.status).toBe(401);
    expect(field(answer.body, 'status_code')).toBe(30);
    expect(
      field(
        (
          await client.send('POST', '/3/authentication/session/new', {
            request_token: token.request_token,
          })
        ).body,
        'status_code',
      ),
    ).toBe(17);
  });

  it('signs out: the session stops working', async () => {
    const sessionId = await client.signIn();
    const out = await client.send('DELETE', '/3/authentication/session', { session_id: sessionId });
    expect(out.body).toEqual({ success: true });
    expect((await client.get(`/3/account?session_id=${sessionId}`)).status).toBe(401);
  });
});

describe('guest sessions', () => {
  it('last 24 hours and can only rate', async () => {
    const guest = (await client.get('/3/authentication/guest_session/new')).body as {
      guest_session_id: string;
      expires_at: string;
    };
    expect(guest.expires_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    const movie = client.catalogue.data.movies[3];
    const rated = await client.send(
      'POST',
      `/3/movie/${movie?.id}/rating?guest_session_id=${guest.guest_session_id}`,
      { value: 7.5 },
    );
    expect(rated.status).toBe(201);
    const list = await client.get(`/3/guest_session/${guest.guest_session_id}/rated/movies`);
    expect(field(list.body, 'results', 0, 'rating')).toBe(7.5);
    const watch = await client.send(
      'POST',
      `/3/account/1/watchlist?guest_session_id=${guest.guest_session_id}`,
      { media_type: 'movie', media_id: movie?.id, watchlist: true },
    );
    expect(watch.status).toBe(401);
  });
});
