import { describe, expect, it, vi } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { createOpenExternal, isAllowedExternalUrl } from './external';
import { FakeShell } from './testing/fake-electron';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

describe('isAllowedExternalUrl', () => {
  it.each([
    ['https://www.themoviedb.org/movie/550', true],
    ['https://themoviedb.org/tv/1399', true],
    ['https://www.themoviedb.org/authenticate/0123456789abcdef', true],
    ['https://www.themoviedb.org:443/movie/550', true],
    ['http://www.themoviedb.org/movie/550', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['https://evil.com', false],
    ['https://themoviedb.org.evil.com', false],
    ['https://evil.com/www.themoviedb.org', false],
    ['https://user:pw@www.themoviedb.org', false],
    ['https://user@www.themoviedb.org/movie/550', false],
    ['https://www.themoviedb.org:8443/movie/550', false],
    ['https://api.themoviedb.org/3/movie/550', false],
    ['smb://www.themoviedb.org/share', false],
    ['not a url', false],
    ['', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedExternalUrl(url)).toBe(allowed);
  });

  it('refuses values that are not strings', () => {
    expect(isAllowedExternalUrl(undefined)).toBe(false);
    expect(isAllowedExternalUrl({ toString: () => 'https://www.themoviedb.org/' })).toBe(false);
  });
});

describe('openExternal', () => {
  it('opens an allowed TMDB page in the system browser', async () => {
    const shell = new FakeShell();
    const open = createOpenExternal(shell, memoryLogger());
    await expect(open('https://www.themoviedb.org/movie/550')).resolves.toBe(true);
    expect(shell.opened).toEqual(['https://www.themoviedb.org/movie/550']);
  });

  it('opens nothing for any other URL and logs it without secrets', async () => {
    const shell = new FakeShell();
    const log = memoryLogger();
    const open = createOpenExternal(shell, log);
    await expect(open('https://evil.com/?session_id=abcdef123456')).resolves.toBe(false);
    await expect(open('file:///etc/passwd')).resolves.toBe(false);
    expect(shell.opened).toEqual([]);
    expect(log.lines.join('\n')).toContain('external.refused');
    expect(log.lines.join('\n')).not.toContain('abcdef123456');
  });

  it('resolves false when the OS refuses to open the page', async () => {
    const open = createOpenExternal(
      { openExternal: () => Promise.reject(new Error('no browser')) },
      memoryLogger(),
    );
    await expect(open('https://www.themoviedb.org/')).resolves.toBe(false);
  });
});
