import { describe, expect, it } from 'vitest';
import { discoverServers } from './discover';

/** A fetch answering for the given addresses, and refusing every other one as a closed port does. */
function fakeFetch(answers: Record<string, () => Response>): typeof fetch & { asked: string[] } {
  const asked: string[] = [];
  const f = (input: string | URL | Request): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push(url);
    const answer = answers[url];
    return answer ? Promise.resolve(answer()) : Promise.reject(new TypeError('fetch failed'));
  };
  return Object.assign(f, { asked });
}

describe('discoverServers', () => {
  it('names what answers on 127.0.0.1, and asks nowhere else', async () => {
    const f = fakeFetch({
      'http://127.0.0.1:8096/System/Info/Public': () =>
        Response.json({ ProductName: 'Jellyfin Server', Version: '10.10.0' }),
      'http://127.0.0.1:32400/identity': () =>
        new Response('<MediaContainer size="0" machineIdentifier="x"/>'),
      'http://127.0.0.1:8080/jsonrpc': () =>
        Response.json({ id: 1, jsonrpc: '2.0', result: 'pong' }),
    });
    expect(await discoverServers({ fetch: f })).toEqual([
      { kind: 'jellyfin', url: 'http://127.0.0.1:8096' },
      { kind: 'plex', url: 'http://127.0.0.1:32400' },
      { kind: 'kodi', url: 'http://127.0.0.1:8080' },
    ]);
    expect(f.asked.every((u) => u.startsWith('http://127.0.0.1:'))).toBe(true);
  });

  it('tells Emby from Jellyfin, and finds nothing where nothing answers', async () => {
    const emby = fakeFetch({
      'http://127.0.0.1:8096/System/Info/Public': () =>
        Response.json({ ProductName: 'Emby Server' }),
      'http://127.0.0.1:8080/jsonrpc': () => new Response('not json', { status: 404 }),
    });
    expect(await discoverServers({ fetch: emby })).toEqual([
      { kind: 'emby', url: 'http://127.0.0.1:8096' },
    ]);
    expect(await discoverServers({ fetch: fakeFetch({}) })).toEqual([]);
  });

  it('gives up on a port that does not answer in time', async () => {
    const hang = ((_: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          reject(new Error('aborted'));
        });
      })) as typeof fetch;
    expect(await discoverServers({ fetch: hang, timeoutMs: 1 })).toEqual([]);
  });
});
