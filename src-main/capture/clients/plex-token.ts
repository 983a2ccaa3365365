import { readFile as readFileFromDisk } from 'node:fs/promises';
import { posix } from 'node:path';
import { failure } from './http';

export interface PlexTokenPaths {
  /** The user's home folder. */
  home: string;
  /** Where else to look first (a Preferences.xml or a .plist the user pointed at). */
  extra?: readonly string[];
  readFile?: (path: string) => Promise<string>;
}

const PREFERENCES = posix.join('Plex Media Server', 'Preferences.xml');

/** Where Plex Media Server keeps its preferences on Linux: package, snap, Docker-style and user installs. */
function linuxCandidates(home: string): string[] {
  return [
    posix.join('/var/lib/plexmediaserver/Library/Application Support', PREFERENCES),
    posix.join('/var/snap/plexmediaserver/common/Library/Application Support', PREFERENCES),
    posix.join('/config/Library/Application Support', PREFERENCES),
    posix.join(home, '.config', PREFERENCES),
    posix.join(home, 'Library/Application Support', PREFERENCES),
  ];
}

function macCandidates(home: string): string[] {
  return [posix.join(home, 'Library/Preferences/com.plexapp.plexmediaserver.plist')];
}

/** `PlexOnlineToken="…"` in Preferences.xml, or `<key>PlexOnlineToken</key><string>…</string>` in an XML plist. */
export function plexTokenFromText(text: string): string | null {
  const xml = /\bPlexOnlineToken="([^"]{1,200})"/.exec(text);
  if (xml?.[1]) return xml[1];
  const plist = /<key>\s*PlexOnlineToken\s*<\/key>\s*<string>\s*([^<\s]{1,200})\s*<\/string>/.exec(
    text,
  );
  return plist?.[1] ?? null;
}

/**
 * Reads the server's own token (its owner's account token) from its preferences on this computer.
 * Called only after the user agreed to it. Linux reads Preferences.xml; macOS reads the
 * preferences plist when it is stored as XML text; Windows keeps it in the registry, which
 * Marquee does not read yet. Failures are plain sentences, and the token is never in them.
 */
export async function readLocalPlexToken(
  platform: NodeJS.Platform,
  paths: PlexTokenPaths,
): Promise<string> {
  const read = paths.readFile ?? ((path: string) => readFileFromDisk(path, 'utf8'));
  if (platform === 'win32') {
    throw failure(
      'unsupported',
      'Marquee cannot read Plex’s token from the Windows registry yet. Paste a token instead.',
    );
  }
  const platformPaths =
    platform === 'darwin'
      ? macCandidates(paths.home)
      : platform === 'linux'
        ? linuxCandidates(paths.home)
        : [];
  const candidates = [...(paths.extra ?? []), ...platformPaths];
  if (candidates.length === 0) {
    throw failure(
      'unsupported',
      'Marquee cannot find Plex’s settings on this system. Paste a token instead.',
    );
  }
  let found = false;
  let binary = false;
  for (const path of candidates) {
    let text: string;
    try {
      text = await read(path);
    } catch {
      continue;
    }
    found = true;
    if (text.startsWith('bplist')) {
      binary = true;
      continue;
    }
    const token = plexTokenFromText(text);
    if (token) return token;
  }
  if (binary) {
    throw failure(
      'unsupported',
      'Plex’s settings on this Mac are stored in a binary form Marquee cannot read yet. Paste a token instead.',
    );
  }
  if (found) {
    throw failure(
      'not_found',
      'Plex Media Server’s settings hold no token: sign the server in to Plex first, or paste a token.',
    );
  }
  throw failure(
    'not_found',
    'Marquee found no Plex Media Server settings on this computer. Paste a token instead.',
  );
}
