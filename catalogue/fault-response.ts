import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultDecision, FaultInjector } from './faults';
import { rateLimited } from './errors';

const SERVER_ERRORS = {
  500: { status_code: 11, status_message: 'Internal error: Something went wrong, contact TMDB.' },
  502: { status_code: 43, status_message: "Couldn't connect to the backend server." },
  503: {
    status_code: 9,
    status_message: 'Service offline: This service is temporarily offline, try again later.',
  },
} as const;

/** What is left for the caller once a fault plan was applied to a request. */
export interface FaultOutcome {
  /** True when the request was answered (or dropped) here; `lost_answer` when it must be applied and its answer then dropped. */
  readonly handled: boolean | 'lost_answer';
  /** Rewrites the JSON answer (corrupt rules), or returns it as it is. */
  readonly edit: (body: unknown) => unknown;
}

/** Applies the fault plan to one request; see `FaultOutcome`. */
export async function applyFault(
  faults: FaultInjector,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<FaultOutcome> {
  const decision = faults.decide(path);
  const edit = (body: unknown): unknown =>
    decision.edits.reduce((value, change) => change(value), body);
  if (decision.delayMs > 0) await sleep(decision.delayMs);
  const handled = answer(faults, decision.action, req, res);
  return { handled, edit };
}

function answer(
  faults: FaultInjector,
  action: FaultDecision['action'],
  req: IncomingMessage,
  res: ServerResponse,
): boolean | 'lost_answer' {
  if (!action) return false;
  if (action.kind === 'lost_answer') return 'lost_answer';
  if (action.kind === 'drop') {
    // The client sees the connection close without an answer, as on a flaky network.
    req.socket.destroy();
    return true;
  }
  if (action.kind === 'rate_limit') {
    const error = rateLimited(41 + faults.fired.rate_limit);
    const headers: Record<string, string> = { 'Content-Type': 'application/json;charset=utf-8' };
    if (action.retryAfter !== undefined) headers['Retry-After'] = String(action.retryAfter);
    res.writeHead(429, headers);
    res.end(JSON.stringify(error.body()));
    return true;
  }
  res.writeHead(action.status, { 'Content-Type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify({ success: false, ...SERVER_ERRORS[action.status] }));
  return true;
}
