import { describe, expect, it } from 'vitest';
import { machineFingerprint } from './machine';

describe('the machine fingerprint', () => {
  it('is a short hash, the same each time on one computer', () => {
    const first = machineFingerprint();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(machineFingerprint()).toBe(first);
  });

  it('falls back to the host name where the system has no machine id', () => {
    const named = (name: string): string => machineFingerprint('aix', () => name);
    // AIX is read like Linux; on a computer without /etc/machine-id the host name decides.
    const id = named('study');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(named('study')).toBe(id);
  });
});
