import { describe, expect, it } from 'vitest';
import { plexTokenFromText, readLocalPlexToken } from './plex-token';
import { plainFailure } from './testing/errors';

const TOKEN = 'xYz12-AbCdEfGhIjKlMn';
const PREFERENCES = `<?xml version="1.0" encoding="utf-8"?>
<Preferences OldestPreviousVersion="1.32.5" MachineIdentifier="27e0c0ffee" ProcessedMachineIdentifier="abc" PlexOnlineUsername="anna" PlexOnlineToken="${TOKEN}" AcceptedEULA="1"/>`;
const PLIST = `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
  <key>MachineIdentifier</key><string>27e0c0ffee</string>
  <key>PlexOnlineToken</key>
  <string>${TOKEN}</string>
</dict></plist>`;

/** Files as a map from path to text; any other path does not exist. */
function files(map: Record<string, string>): (path: string) => Promise<string> {
  return (path) => {
    const text = map[path];
    return text === undefined
      ? Promise.reject(new Error(`ENOENT: ${path}`))
      : Promise.resolve(text);
  };
}

describe('reading the local Plex server’s token', () => {
  it('reads PlexOnlineToken from Preferences.xml of a Linux package install', async () => {
    const path =
      '/var/lib/plexmediaserver/Library/Application Support/Plex Media Server/Preferences.xml';
    expect(
      await readLocalPlexToken('linux', {
        home: '/home/anna',
        readFile: files({ [path]: PREFERENCES }),
      }),
    ).toBe(TOKEN);
  });

  it('reads it from a user install under ~/.config', async () => {
    const path = '/home/anna/.config/Plex Media Server/Preferences.xml';
    expect(
      await readLocalPlexToken('linux', {
        home: '/home/anna',
        readFile: files({ [path]: PREFERENCES }),
      }),
    ).toBe(TOKEN);
  });

  it('reads it from the macOS preferences plist stored as XML', async () => {
    const path = '/Users/anna/Library/Preferences/com.plexapp.plexmediaserver.plist';
    expect(
      await readLocalPlexToken('darwin', {
        home: '/Users/anna',
        readFile: files({ [path]: PLIST }),
      }),
    ).toBe(TOKEN);
  });

  it('says plainly that a binary plist cannot be read yet', async () => {
    const path = '/Users/anna/Library/Preferences/com.plexapp.plexmediaserver.plist';
    const read = readLocalPlexToken('darwin', {
      home: '/Users/anna',
      readFile: files({ [path]: 'bplist00\u0000…' }),
    });
    expect((await plainFailure(read, [])).code).toBe('unsupported');
  });

  it('says plainly that Windows is not supported yet', async () => {
    const read = readLocalPlexToken('win32', { home: 'C:\\Users\\anna', readFile: files({}) });
    expect((await plainFailure(read, [])).code).toBe('unsupported');
  });

  it('says plainly when there is no server, or a server with no token', async () => {
    expect(
      (
        await plainFailure(
          readLocalPlexToken('linux', { home: '/home/anna', readFile: files({}) }),
          [],
        )
      ).code,
    ).toBe('not_found');
    const path = '/home/anna/.config/Plex Media Server/Preferences.xml';
    const unclaimed = '<Preferences MachineIdentifier="27e0"/>';
    const read = readLocalPlexToken('linux', {
      home: '/home/anna',
      readFile: files({ [path]: unclaimed }),
    });
    expect((await plainFailure(read, [])).code).toBe('not_found');
  });

  it('looks first where it is told to', async () => {
    const read = readLocalPlexToken('linux', {
      home: '/h',
      extra: ['/srv/plex/Preferences.xml'],
      readFile: files({ '/srv/plex/Preferences.xml': PREFERENCES }),
    });
    expect(await read).toBe(TOKEN);
  });

  it('finds the token in either text form and nothing in others', () => {
    expect(plexTokenFromText(PREFERENCES)).toBe(TOKEN);
    expect(plexTokenFromText(PLIST)).toBe(TOKEN);
    expect(plexTokenFromText('<Preferences/>')).toBeNull();
  });
});
