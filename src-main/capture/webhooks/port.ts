import type { WebhookListener, WebhookListenerFactory } from '../listener-port';
import type { ServerConfig } from '../types';
import { createWebhookListener, type WebhookListener as Listening } from './listener';

/** The port Marquee listens on for webhooks, so the address pasted into a server stays valid. */
export const WEBHOOK_PORT = 47_231;

const inUse = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === 'EADDRINUSE';

/**
 * The webhook listener as the capture service plugs it in. The listener reads the servers on
 * every request, so it is given a copy the capture service refreshes (their webhook secrets come
 * from the keychain, which is read asynchronously) whenever servers change.
 */
export function webhookListenerFactory(options: { port?: number } = {}): WebhookListenerFactory {
  return (deps): WebhookListener => {
    let servers: ServerConfig[] = [];
    let running: Listening | null = null;
    const reload = async (): Promise<void> => {
      servers = await deps.servers();
    };
    const listen = (port: number): Promise<Listening> =>
      createWebhookListener({
        port,
        servers: () => servers,
        receive: async (_server, events) => {
          for (const event of events) await deps.sink.receive(event);
        },
        clock: deps.clock,
        log: deps.log,
      });
    return {
      async start() {
        await reload();
        const port = options.port ?? WEBHOOK_PORT;
        try {
          running = await listen(port);
        } catch (error) {
          if (!inUse(error) || port === 0) throw error;
          // Another program holds the port: listen elsewhere; Settings shows the new address.
          deps.log.warn('capture.webhook.port_in_use', { port });
          running = await listen(0);
        }
      },
      async refresh() {
        await reload();
        await running?.refresh();
      },
      async close() {
        await running?.close();
        running = null;
      },
      base(listen) {
        if (!running) return null;
        return running.url({ listen, secret: '' } as ServerConfig).replace(/\/capture\/$/, '');
      },
    };
  };
}
