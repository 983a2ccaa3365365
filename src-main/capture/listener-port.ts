import type { Logger } from '../base/log';
import type { CaptureSink, ServerConfig } from './types';

/**
 * Where the webhook listener (`createWebhookListener` in `webhooks/listener.ts`) plugs into the
 * capture service: the wiring passes a factory of this shape, and the service starts and stops
 * what it makes. The listener reads the servers (with their webhook secrets) each time it needs
 * them, so a server added, changed or removed applies at once.
 */
export interface WebhookListener {
  start(): Promise<void>;
  /** Reads the servers again (one was added, changed or removed). */
  refresh?(): Promise<void>;
  close(): Promise<void>;
  /** The address servers post to for a `listen` setting (`http://127.0.0.1:<port>`); null when not listening. */
  base(listen: 'local' | 'network'): string | null;
}

export interface WebhookListenerDeps {
  sink: CaptureSink;
  servers: () => Promise<ServerConfig[]>;
  clock: () => number;
  log: Logger;
}

export type WebhookListenerFactory = (deps: WebhookListenerDeps) => WebhookListener;
