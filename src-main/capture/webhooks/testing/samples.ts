import { readdirSync, readFileSync } from 'node:fs';
import type { ServerConfig, ServerKind } from '../../types';
import type { WebhookRequest } from '../common';

/** A payload recorded from a public source (`source` names it), and how it travels. */
export interface Sample {
  file: string;
  source: string;
  transport: 'json' | 'form:payload' | 'form:data';
  payload: Record<string, unknown>;
}

const folder = new URL('../samples/', import.meta.url);

export function loadSamples(prefix: string): Sample[] {
  return readdirSync(folder)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.json'))
    .sort()
    .map((file) => ({
      file,
      ...(JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Omit<Sample, 'file'>),
    }));
}

export function sample(file: string): Sample {
  const found = loadSamples(file.replace(/\.json$/, '')).find((s) => s.file === file);
  if (!found) throw new Error(`no sample ${file}`);
  return found;
}

export function serverConfig(kind: ServerKind, patch: Partial<ServerConfig> = {}): ServerConfig {
  return {
    id: `${kind}-1`,
    kind,
    name: `Home ${kind}`,
    url: null,
    listen: 'local',
    thresholdPercent: 90,
    chosenAccounts: [],
    secret: `${kind}-secret-0123456789abcdef`,
    ...patch,
  };
}

export const RECEIVED_AT = Date.UTC(2026, 7, 4, 12, 0, 0);

const encoder = new TextEncoder();

/** A sample as the listener would hand it to a parser: JSON, or a form with one field. */
export function requestOf(s: Sample, server: ServerConfig): WebhookRequest {
  const json = JSON.stringify(s.payload);
  if (s.transport === 'json')
    return {
      body: encoder.encode(json),
      contentType: 'text/plain',
      server,
      receivedAt: RECEIVED_AT,
    };
  const boundary = '----sample-boundary-0f1e2d';
  const field = s.transport === 'form:payload' ? 'payload' : 'data';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${json}\r\n--${boundary}--\r\n`;
  return {
    body: encoder.encode(body),
    contentType: `multipart/form-data; boundary=${boundary}`,
    server,
    receivedAt: RECEIVED_AT,
  };
}

export function requestFor(
  built: { body: Uint8Array; contentType: string },
  server: ServerConfig,
): WebhookRequest {
  return { body: built.body, contentType: built.contentType, server, receivedAt: RECEIVED_AT };
}
