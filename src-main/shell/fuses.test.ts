import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The Electron fuses electron-builder flips in the packaged binary (Electron's security checklist:
 * "use fuses"). The binary cannot be built here, so the configuration itself is checked.
 */
function readFuses(): Record<string, string> {
  const yml = readFileSync(new URL('../../electron-builder.yml', import.meta.url), 'utf8');
  const lines = yml.split('\n');
  const start = lines.findIndex((line) => line.trim() === 'electronFuses:');
  expect(start, 'electron-builder.yml has an electronFuses block').toBeGreaterThan(-1);
  const fuses: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (/^\s+#/.test(line)) continue; // a comment inside the block
    const entry = /^\s+(\w+):\s*(\S+)\s*$/.exec(line);
    if (!entry?.[1] || !entry[2]) break;
    fuses[entry[1]] = entry[2];
  }
  return fuses;
}

describe('electron fuses', () => {
  it('flips every fuse Electron recommends for an app served from app://', () => {
    expect(readFuses()).toEqual({
      runAsNode: 'false',
      enableCookieEncryption: 'true',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      enableEmbeddedAsarIntegrityValidation: 'true',
      onlyLoadAppFromAsar: 'true',
      // Marquee never loads file:// pages (the page comes from app://), so file:// gets no extras.
      grantFileProtocolExtraPrivileges: 'false',
    });
  });
});
