import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { toIpcError } from '../ipc/guard';
import { json } from './testing/fake-fetch';
import { rejection, setupClient } from './testing/setup';
import { secrets } from './testing/test-endpoints';

describe('a long TMDB error text', () => {
  it.each([280, 290, 295, 299])(
    'is redacted before it is cut, so a secret straddling the cut leaves no part behind (at %i)',
    async (lead) => {
      // TMDB (or a proxy in front of it) echoing the token after a long text: the token starts
      // just before the 300th character, where the message is cut.
      const { client, time } = setupClient(
        () =>
          json(401, {
            success: false,
            status_code: 7,
            status_message: `${'x'.repeat(lead)} ${secrets.accessToken}`,
          }),
        { maxRetries: 0 },
      );
      const error = await rejection(
        time.run(client.request('GET /3/movie/{movie_id}', { params: { movie_id: 2 } })),
      );
      const log = memoryLogger();
      const texts = [error.message, JSON.stringify(toIpcError(error, 'test', log)), ...log.lines];
      // Even the first eight characters of the token are more than anyone should learn from an error.
      expect(texts.join('\n')).not.toContain(secrets.accessToken.slice(0, 8));
      expect(error.message).toContain('xxxx');
    },
  );
});
