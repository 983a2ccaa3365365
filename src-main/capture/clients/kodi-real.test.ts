import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKodiConnector } from './kodi';
import type { BackfillItem, Connector } from '../types';
import { deps, serverConfig } from './testing/harness';

/*
 * The Kodi client against a real Kodi (Debian's `kodi`, 20.1), started under a virtual X server
 * with its web server and JSON-RPC on loopback, as people run it for JSON-RPC tests. CI installs
 * both (.ci/run); elsewhere this runs wherever `kodi` and `xvfb-run` are on the PATH.
 */
const has = (command: string): boolean =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const available = has('kodi') && has('xvfb-run');
if (!available)
  console.warn(
    'kodi-real.test: skipped, `kodi` and `xvfb-run` are not installed (CI installs them)',
  );

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  });

async function rpc(web: number, method: string, params: object = {}): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${web}/jsonrpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(5_000),
  });
  return ((await response.json()) as { result?: unknown }).result;
}

describe.skipIf(!available)('the Kodi client against a real Kodi', () => {
  let home = '';
  let kodi: ChildProcess | null = null;
  let web = 0;
  let ws = 0;

  beforeAll(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-kodi-'));
    [web, ws] = [await freePort(), await freePort()];
    const userdata = path.join(home, '.kodi', 'userdata');
    fs.mkdirSync(userdata, { recursive: true });
    fs.writeFileSync(
      path.join(userdata, 'guisettings.xml'),
      `<settings version="2">
  <setting id="services.webserver">true</setting>
  <setting id="services.webserverport">${web}</setting>
  <setting id="services.webserverauthentication">false</setting>
  <setting id="services.esenabled">true</setting>
  <setting id="services.esallinterfaces">false</setting>
</settings>
`,
    );
    fs.writeFileSync(
      path.join(userdata, 'advancedsettings.xml'),
      `<advancedsettings><jsonrpc><tcpport>${ws}</tcpport></jsonrpc></advancedsettings>\n`,
    );
    kodi = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x720x24', 'kodi'], {
      env: { ...process.env, HOME: home },
      stdio: 'ignore',
      detached: true,
    });
    const deadline = Date.now() + 120_000;
    for (;;) {
      try {
        if ((await rpc(web, 'JSONRPC.Ping')) === 'pong') break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error('Kodi did not answer JSON-RPC within 120 s');
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 150_000);

  afterAll(async () => {
    try {
      await rpc(web, 'Application.Quit');
    } catch {
      // Already gone.
    }
    if (kodi?.pid !== undefined) {
      try {
        process.kill(-kodi.pid, 'SIGKILL');
      } catch {
        // The group already ended.
      }
    }
    fs.rmSync(home, { recursive: true, force: true });
  });

  const connector = (): Connector =>
    createKodiConnector(serverConfig('kodi', `http://127.0.0.1:${web}`), deps(), { wsPort: ws });

  it('connects over JSON-RPC on a WebSocket and names its one profile', async () => {
    expect(await connector().test()).toEqual([{ id: 'kodi', name: 'Kodi' }]);
  });

  it('backfills an empty library as nothing, without hanging', async () => {
    const pages: BackfillItem[][] = [];
    await connector().backfill?.(async (page) => {
      pages.push(page);
      await Promise.resolve();
    }, new AbortController().signal);
    expect(pages.flat()).toEqual([]);
  });

  it('sends its library notifications over the same socket the client follows', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${ws}/jsonrpc`);
    const methods: string[] = [];
    const finished = new Promise<void>((resolve) => {
      socket.addEventListener('message', (event) => {
        const method = (JSON.parse(String(event.data)) as { method?: string }).method;
        if (method) methods.push(method);
        if (method === 'VideoLibrary.OnScanFinished') resolve();
      });
    });
    await new Promise<void>((resolve) => {
      socket.addEventListener('open', () => {
        resolve();
      });
    });
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'VideoLibrary.Scan' }));
    await finished;
    socket.close();
    expect(methods).toContain('VideoLibrary.OnScanStarted');
  }, 60_000);
});
