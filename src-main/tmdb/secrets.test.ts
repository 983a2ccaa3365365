import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { toIpcError } from '../ipc/guard';
import { hang, json, sequence, type Responder, type SeenRequest } from './testing/fake-fetch';
import { rejection, setupClient } from './testing/setup';
import { secrets } from './testing/test-endpoints';
import type { TmdbCredentials } from './types';

/** A network failure whose text quotes the full URL, as some proxies and fetch polyfills do. */
const failQuotingUrl = (request: SeenRequest): Promise<Response> =>
  Promise.reject(
    new TypeError(
      `request to ${request.url} failed, reason: socket hang up (${request.headers.Authorization ?? ''})`,
    ),
  );

/** TMDB echoing the credentials back in its error text. */
const echo =
  (status: number): Responder =>
  (request) =>
    json(status, {
      success: false,
      status_code: 3,
      status_message: `Denied for ${request.url} ${request.body ?? ''}`,
    });

const credentialSets: TmdbCredentials[] = [
  { apiKey: secrets.apiKey, sessionId: secrets.sessionId },
  { accessToken: secrets.accessToken, guestSessionId: secrets.guestSessionId },
];

describe('no secret leaves the client', () => {
  it.each(credentialSets)(
    'keeps credentials out of every error message, network reason and log line (%#)',
    async (credentials) => {
      const texts: string[] = [];
      const scenarios: [
        Responder,
        (c: ReturnType<typeof setupClient>['client']) => Promise<unknown>,
      ][] = [
        [failQuotingUrl, (c) => c.request('GET /3/list/{list_id}', { params: { list_id: 1 } })],
        [
          echo(401),
          (c) =>
            c.request('POST /3/movie/{movie_id}/rating', {
              params: { movie_id: 5 },
              body: { value: 7 },
            }),
        ],
        [
          echo(500),
          (c) =>
            c.request('POST /3/authentication/session/new', {
              body: { request_token: secrets.requestToken },
            }),
        ],
        [echo(422), (c) => c.request('GET /3/search/movie', { query: { query: 'alien' } })],
        [
          sequence(
            () => json(429, {}),
            () => json(200, { id: secrets.sessionId, title: 1 }),
          ),
          (c) => c.request('GET /3/movie/{movie_id}', { params: { movie_id: 2 } }),
        ],
        [
          hang,
          (c) => c.request('GET /3/tv/episode_group/{group_id}', { params: { group_id: 'g' } }),
        ],
      ];
      for (const [respond, call] of scenarios) {
        const log = memoryLogger();
        const { client, time, network } = setupClient(
          respond,
          { log, timeoutMs: 5, maxRetries: 1 },
          credentials,
        );
        const error = await rejection(time.run(call(client)));
        texts.push(
          error.message,
          String(error.stack),
          JSON.stringify(error),
          JSON.stringify(toIpcError(error, 'test', log)),
        );
        texts.push(...log.lines, ...network.map(([, reason]) => reason ?? ''));
      }
      expect(texts.length).toBeGreaterThan(20);
      const everything = texts.join('\n');
      for (const secret of Object.values(secrets)) expect(everything).not.toContain(secret);
      // The failures still say what went wrong.
      expect(everything).toContain('socket hang up');
      expect(everything).toContain('[redacted]');
    },
  );

  it('keeps a guest session that sits in the URL path out of error messages', async () => {
    const { client, time } = setupClient(
      failQuotingUrl,
      { maxRetries: 0 },
      {
        accessToken: secrets.accessToken,
        guestSessionId: secrets.guestSessionId,
      },
    );
    const error = await rejection(
      time.run(client.request('GET /3/guest_session/{guest_session_id}/rated/movies')),
    );
    expect(error.message).toContain('/guest_session/[redacted]/rated/movies');
    expect(error.message).not.toContain(secrets.guestSessionId);
  });
});
