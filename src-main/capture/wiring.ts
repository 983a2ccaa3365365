import { connectors } from './clients';
import type { WebhookListenerFactory } from './listener-port';
import type { ConnectorFactory, ServerKind } from './types';
import { webhookListenerFactory } from './webhooks/port';

/**
 * Play capture as the app runs it: each server kind's client and the webhook listener (on its
 * own port, or `port` — 0 picks a free one, as the browser tests' stacks do).
 */
export function captureWiring(options: { port?: number } = {}): {
  connectors: Partial<Record<ServerKind, ConnectorFactory>>;
  createListener: WebhookListenerFactory;
} {
  return { connectors: { ...connectors }, createListener: webhookListenerFactory(options) };
}
