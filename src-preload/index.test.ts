import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { IPC_PREFIX } from '../src-shared/ipc/channels';

const bridge = vi.hoisted(() => ({ exposed: new Map<string, unknown>() }));

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  class Renderer extends Emitter {
    invoke(channel: string): Promise<unknown> {
      return Promise.resolve({ ok: true, value: channel });
    }
  }
  return {
    contextBridge: {
      exposeInMainWorld: (key: string, value: unknown) => {
        bridge.exposed.set(key, value);
      },
    },
    ipcRenderer: new Renderer(),
  };
});

describe('the preload', () => {
  it('exposes exactly one global, `api`, with exactly invoke and on', async () => {
    await import('./index');
    expect([...bridge.exposed.keys()]).toEqual(['api']);
    const api = bridge.exposed.get('api') as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
    expect(typeof api.invoke).toBe('function');
    expect(typeof api.on).toBe('function');
  });

  it('does not expose ipcRenderer or its methods through the api', async () => {
    await import('./index');
    const { ipcRenderer } = (await import('electron')) as unknown as { ipcRenderer: EventEmitter };
    const api = bridge.exposed.get('api') as Record<string, unknown>;
    expect(Object.values(api)).not.toContain(ipcRenderer);
    const invoke = api.invoke as (channel: string) => Promise<unknown>;
    await expect(invoke('app.info')).resolves.toEqual({ ok: true, value: `${IPC_PREFIX}app.info` });
  });
});
