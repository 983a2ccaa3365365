import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue, field, type TestClient } from './testing/client';
import { Clock } from './data/clock';

/** The server's one clock: the admin route, the Catalogue method, and what reads the clock. */
const START = Date.parse('2026-06-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;

let client: TestClient;
beforeAll(async () => {
  client = await openCatalogue({ seed: 2, now: () => START, messy: false });
});
afterAll(async () => {
  await client.catalogue.close();
});

describe('Clock', () => {
  it('runs on its base clock plus an offset, and tells the UTC day', () => {
    let base = START;
    const clock = new Clock(() => base);
    expect(clock.today()).toBe('2026-06-01');
    expect(clock.advance(13 * HOUR)).toBe(START + 13 * HOUR);
    expect(clock.today()).toBe('2026-06-02');
    base += HOUR;
    expect(clock.now()).toBe(START + 14 * HOUR);
    expect(clock.set(Date.parse('2027-01-31T00:00:00Z'))).toBe(Date.parse('2027-01-31T00:00:00Z'));
    expect(clock.today()).toBe('2027-01-31');
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
  });
});

describe('/__admin/clock', () => {
  it('is refused without the application token', async () => {
    const answer = await client.get('/__admin/clock', { token: 'wrong' });
    expect(answer.status).toBe(401);
    expect(field(answer.body, 'status_code')).toBe(7);
  });

  it('tells the time, advances it and sets it', async () => {
    const told = await client.get('/__admin/clock');
    expect(told.body).toEqual({
      success: true,
      now: START,
      iso: '2026-06-01T12:00:00.000Z',
      today: '2026-06-01',
    });
    const advanced = await client.send('POST', '/__admin/clock', { advanceMs: 36 * HOUR });
    expect(field(advanced.body, 'today')).toBe('2026-06-03');
    expect(client.catalogue.clock.now()).toBe(START + 36 * HOUR);
    const set = await client.send('POST', '/__admin/clock', { now: '2026-06-01T12:00:00Z' });
    expect(field(set.body, 'now')).toBe(START);
    expect((await client.send('POST', '/__admin/clock', { now: START })).status).toBe(200);
  });

  it.each([{}, { advanceMs: 'soon' }, { now: 'not a date' }, { advanceMs: 1, now: START }])(
    'refuses %j with 422',
    async (body) => {
      const answer = await client.send('POST', '/__admin/clock', body);
      expect(answer.status).toBe(422);
      expect(client.catalogue.clock.now()).toBe(START);
    },
  );
});

describe('everything time-based reads the same clock', () => {
  it('expires request tokens and guest sessions when the clock moves', async () => {
    const token = (await client.get('/3/authentication/token/new')).body;
    expect(field(token, 'expires_at')).toBe('2026-06-01 13:00:00 UTC');
    const guest = (await client.get('/3/authentication/guest_session/new')).body;
    const guestId = String(field(guest, 'guest_session_id'));
    const movie = client.catalogue.data.movies[0]?.id;

    client.catalogue.clock.advance(61 * 60 * 1000);
    const late = await client.send('POST', '/3/authentication/token/validate_with_login', {
      username: client.catalogue.demoUser,
      password: client.catalogue.demoPassword,
      request_token: field(token, 'request_token'),
    });
    expect(field(late.body, 'status_code')).toBe(33);
    expect(
      (
        await client.send('POST', `/3/movie/${String(movie)}/rating?guest_session_id=${guestId}`, {
          value: 7,
        })
      ).status,
    ).toBe(201);

    client.catalogue.clock.advance(24 * HOUR);
    const expired = await client.send(
      'POST',
      `/3/movie/${String(movie)}/rating?guest_session_id=${guestId}`,
      { value: 7 },
    );
    expect(expired.status).toBe(401);
    client.catalogue.clock.set(START);
  });

  it('dates releases and episodes against the clock: a film is released once its day comes', async () => {
    const film = client.catalogue.data.picks.upcomingFilms[0];
    const before = (await client.get(`/3/movie/${String(film)}`)).body;
    expect(field(before, 'status')).not.toBe('Released');
    client.catalogue.clock.set(Date.parse(`${String(field(before, 'release_date'))}T00:00:00Z`));
    const after = (await client.get(`/3/movie/${String(film)}`)).body;
    expect(field(after, 'status')).toBe('Released');
    expect(field(after, 'release_date')).toBe(field(before, 'release_date'));
    client.catalogue.clock.set(START);
  });
});
