import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/*
 * The setup of one real Syncthing (Debian's `syncthing`, 1.19) for tests: keys and a config
 * written before its first start, so it never listens or announces anywhere but loopback.
 *
 * `syncthing generate --home=<dir> --no-default-folder --skip-port-probing` makes the key, the
 * certificate and a full config.xml; this file then sets, in that config:
 * - the GUI/REST API on 127.0.0.1:<free port> with a random API key (no TLS, no browser);
 * - the sync protocol listening on tcp://127.0.0.1:<free port> only;
 * - no global or local discovery, no relays, no NAT traversal, no STUN, usage reporting declined
 *   (urAccepted -1), no crash reports, no upgrade checks (also STNOUPGRADE=1), reconnection
 *   every second, low-priority mode off, no minimum free disk space;
 * - the other devices, each with its static tcp://127.0.0.1:<port> address;
 * - one shared folder (send and receive), from Syncthing's own folder defaults, with the file
 *   watcher on (1 s delay) and a short periodic rescan.
 */

/** The `syncthing` binary on the PATH, or why there is none. */
export function syncthingMissing(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v syncthing'], { stdio: 'ignore' });
  return found.status === 0 ? null : '`syncthing` is not installed (CI installs it)';
}

/** A port on loopback that nothing listens on right now. */
export const freePort = (): Promise<number> =>
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

/** The environment every Syncthing here runs with: no upgrades, no monitor process. */
export const syncthingEnv = (home: string): NodeJS.ProcessEnv => ({
  ...process.env,
  HOME: home,
  STNOUPGRADE: '1',
  STNORESTART: '1',
  STNODEFAULTFOLDER: '1',
});

export interface Identity {
  /** The device id derived from the generated certificate. */
  deviceId: string;
}

/** Generate a key, a certificate and a default config.xml in `home`. */
export async function generate(home: string): Promise<Identity> {
  fs.mkdirSync(home, { recursive: true });
  await new Promise<void>((resolve, reject) => {
    execFile(
      'syncthing',
      ['generate', `--home=${home}`, '--no-default-folder', '--skip-port-probing'],
      { env: syncthingEnv(home), timeout: 60_000 },
      (error, _stdout, stderr) => {
        if (error) reject(new Error(`syncthing generate failed: ${error.message}\n${stderr}`));
        else resolve();
      },
    );
  });
  const xml = fs.readFileSync(path.join(home, 'config.xml'), 'utf8');
  const id = /<device id="([A-Z0-9-]+)"/.exec(xml)?.[1];
  if (!id) throw new Error(`syncthing generate wrote no device id in ${home}/config.xml`);
  return { deviceId: id };
}

export interface Peer {
  name: string;
  deviceId: string;
  listenPort: number;
}

export interface InstanceSettings {
  self: Peer;
  apiPort: number;
  apiKey: string;
  /** Every other device, introduced with its static address. */
  peers: Peer[];
  folderId: string;
  folderPath: string;
  rescanIntervalS: number;
}

/** A random API key for the REST API. */
export const newApiKey = (): string => randomBytes(24).toString('base64url');

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replace the text of the one element `<name>…</name>` inside `section`; it must exist. */
function setElement(xml: string, section: string, name: string, value: string): string {
  const open = xml.indexOf(`<${section}`);
  const close = xml.indexOf(`</${section}>`, open);
  if (open < 0 || close < 0) throw new Error(`config.xml has no <${section}> section`);
  const body = xml.slice(open, close);
  const pattern = new RegExp(`<${name}(\\s[^>]*)?>[^<]*</${name}>`);
  if (!pattern.test(body)) throw new Error(`config.xml has no <${name}> in <${section}>`);
  const replaced = body.replace(pattern, (_all, attributes?: string) => {
    return `<${name}${attributes ?? ''}>${escapeXml(value)}</${name}>`;
  });
  return xml.slice(0, open) + replaced + xml.slice(close);
}

const options: Record<string, string> = {
  globalAnnounceEnabled: 'false',
  localAnnounceEnabled: 'false',
  relaysEnabled: 'false',
  natEnabled: 'false',
  startBrowser: 'false',
  urAccepted: '-1',
  autoUpgradeIntervalH: '0',
  crashReportingEnabled: 'false',
  stunKeepaliveStartS: '0',
  announceLANAddresses: 'false',
  restartOnWakeup: 'false',
  reconnectionIntervalS: '1',
  // Stay in the process group the harness kills (see syncthing.ts).
  setLowPriority: 'false',
  // A nearly full test disk must not pause the folder.
  minHomeDiskFree: '0',
};

function deviceXml(peer: Peer): string {
  return `    <device id="${peer.deviceId}" name="${escapeXml(peer.name)}" compression="metadata" introducer="false" skipIntroductionRemovals="false" introducedBy="">
        <address>tcp://127.0.0.1:${peer.listenPort}</address>
        <paused>false</paused>
        <autoAcceptFolders>false</autoAcceptFolders>
    </device>
`;
}

/** Set the attribute `name` of the opening tag `tag` (which must have it) to `value`. */
function setAttribute(tag: string, name: string, value: string): string {
  const pattern = new RegExp(`\\s${name}="[^"]*"`);
  if (!pattern.test(tag)) throw new Error(`config.xml's default folder has no ${name} attribute`);
  return tag.replace(pattern, ` ${name}="${escapeXml(value)}"`);
}

/**
 * The shared folder, made from the config's `<defaults><folder>` as Syncthing's GUI does when a
 * person adds a folder (so it keeps, say, 10 conflict copies: an element left out of config.xml
 * reads as zero, not as its default).
 */
function folderXml(xml: string, settings: InstanceSettings): string {
  const defaults = xml.indexOf('<defaults>');
  const open = xml.indexOf('<folder ', defaults);
  const close = xml.indexOf('</folder>', open);
  if (defaults < 0 || open < 0 || close < 0) throw new Error('config.xml has no default folder');
  const template = xml.slice(open, close + '</folder>'.length);
  const openEnd = template.indexOf('>') + 1;
  let tag = template.slice(0, openEnd);
  const attributes: Record<string, string> = {
    id: settings.folderId,
    label: settings.folderId,
    path: settings.folderPath,
    type: 'sendreceive',
    rescanIntervalS: String(settings.rescanIntervalS),
    fsWatcherEnabled: 'true',
    fsWatcherDelayS: '1',
  };
  for (const [name, value] of Object.entries(attributes)) tag = setAttribute(tag, name, value);
  const devices = [settings.self, ...settings.peers]
    .map((peer) => `<device id="${peer.deviceId}" introducedBy=""></device>`)
    .join('\n            ');
  let body = template.slice(openEnd);
  const ownDevice = /<device id="[^"]*"[^>]*>[\s\S]*?<\/device>/;
  if (!ownDevice.test(body)) throw new Error("config.xml's default folder lists no device");
  body = body.replace(ownDevice, () => devices);
  // A nearly full test disk must not stop the folder.
  body = body.replace(
    /<minDiskFree unit="%">[^<]*<\/minDiskFree>/,
    '<minDiskFree unit="%">0</minDiskFree>',
  );
  return `    ${tag}${body}\n`;
}

/** Rewrite the generated config.xml in `home` for a loopback-only test instance. */
export function writeConfig(home: string, settings: InstanceSettings): void {
  const file = path.join(home, 'config.xml');
  let xml = fs.readFileSync(file, 'utf8');
  xml = setElement(xml, 'gui', 'address', `127.0.0.1:${settings.apiPort}`);
  xml = setElement(xml, 'gui', 'apikey', settings.apiKey);
  xml = setElement(xml, 'options', 'listenAddress', `tcp://127.0.0.1:${settings.self.listenPort}`);
  for (const [name, value] of Object.entries(options)) {
    xml = setElement(xml, 'options', name, value);
  }
  // The own device keeps its generated element; the peers and the folder go before the GUI.
  xml = xml.replace(/name="[^"]*"/, `name="${escapeXml(settings.self.name)}"`);
  const gui = xml.indexOf('    <gui');
  if (gui < 0) throw new Error('config.xml has no <gui> section');
  const added = settings.peers.map(deviceXml).join('') + folderXml(xml, settings);
  xml = xml.slice(0, gui) + added + xml.slice(gui);
  fs.writeFileSync(file, xml, { mode: 0o600 });
  // The folder marker Syncthing expects at the folder's root (a folder without it is stopped).
  fs.mkdirSync(path.join(settings.folderPath, '.stfolder'), { recursive: true });
}
