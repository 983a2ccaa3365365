import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { DispatchDeps } from './dispatch';
import { sendJson } from './dispatch';
import { invalidApiKey, invalidParameters, notFound } from './errors';
import type { FaultRule } from './faults';
import type { Clock } from './data/clock';

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text.trim() === '' ? [] : (JSON.parse(text) as unknown));
      } catch (error) {
        reject(error instanceof Error ? error : new Error('bad JSON'));
      }
    });
    req.on('error', reject);
  });
}

const trigger = {
  rate: z.number().min(0).max(1).optional(),
  next: z.number().int().positive().optional(),
  every: z.number().int().positive().optional(),
  path: z.string().optional(),
  /** Sent as text over JSON; compiled here. */
  pathPattern: z
    .string()
    .max(500)
    .transform((source) => new RegExp(source))
    .optional(),
};

/** One fault rule as the admin route accepts it: every kind of `FaultRule` but `corrupt`, whose edit is a function (no JSON carries one). */
const faultRule = z.discriminatedUnion('kind', [
  z.object({ ...trigger, kind: z.literal('rate_limit'), retryAfter: z.number().optional() }),
  z.object({
    ...trigger,
    kind: z.literal('server_error'),
    status: z.union([z.literal(500), z.literal(502), z.literal(503)]).optional(),
  }),
  z.object({ ...trigger, kind: z.literal('latency'), delayMs: z.number().nonnegative() }),
  z.object({ ...trigger, kind: z.literal('drop') }),
  z.object({ ...trigger, kind: z.literal('lost_answer') }),
]);

/** Turns JSON (an array of rules, or `{ rules }`) into fault rules, or says what is wrong. */
function toRules(input: unknown): FaultRule[] {
  const list: unknown = Array.isArray(input) ? input : (input as { rules?: unknown } | null)?.rules;
  const parsed = z.array(faultRule).safeParse(list);
  if (!parsed.success) {
    throw new Error(`expected an array of fault rules: ${parsed.error.issues[0]?.message ?? ''}`);
  }
  return parsed.data.map((rule): FaultRule => rule);
}

/** Moves the clock as a `POST /__admin/clock` body asks: `{ advanceMs }` or `{ now }` (epoch ms or ISO). */
function moveClock(clock: Clock, input: unknown): void {
  const body =
    typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const { advanceMs, now } = body;
  if (typeof advanceMs === 'number' && Number.isFinite(advanceMs) && now === undefined) {
    clock.advance(advanceMs);
    return;
  }
  const target = typeof now === 'string' ? Date.parse(now) : now;
  if (typeof target === 'number' && Number.isFinite(target) && advanceMs === undefined) {
    clock.set(target);
    return;
  }
  throw new Error('expected { advanceMs: number } or { now: epoch ms or ISO date }');
}

const clockJson = (clock: Clock): Record<string, unknown> => ({
  success: true,
  now: clock.now(),
  iso: new Date(clock.now()).toISOString(),
  today: clock.today(),
});

/**
 * Test controls, guarded by the application token: `POST /__admin/faults` sets the fault plan,
 * `DELETE /__admin/faults` clears it, `GET /__admin/requests` gives request counts per path and
 * `DELETE /__admin/requests` resets them. `GET /__admin/clock` tells the catalogue's time and
 * `POST /__admin/clock` moves it (`{ advanceMs }` or `{ now }`), for tokens, sessions, air dates
 * and release dates alike.
 */
export async function handleAdmin(
  deps: DispatchDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  if (req.headers.authorization !== `Bearer ${deps.accessToken}`) {
    sendJson(res, 401, invalidApiKey().body());
    return;
  }
  const route = `${req.method ?? 'GET'} ${url.pathname}`;
  if (route === 'POST /__admin/faults') {
    try {
      deps.faults.set(toRules(await readJson(req)));
    } catch (error) {
      sendJson(
        res,
        422,
        invalidParameters(error instanceof Error ? error.message : 'bad fault plan').body(),
      );
      return;
    }
    sendJson(res, 200, { success: true, rules: deps.faults.plan.length });
  } else if (route === 'DELETE /__admin/faults') {
    deps.faults.clear();
    sendJson(res, 200, { success: true });
  } else if (route === 'GET /__admin/requests') {
    sendJson(res, 200, {
      total: deps.requests.total,
      paths: deps.requests.snapshot(),
      faults: deps.faults.fired,
    });
  } else if (route === 'GET /__admin/clock') {
    sendJson(res, 200, clockJson(deps.data.clock));
  } else if (route === 'POST /__admin/clock') {
    try {
      moveClock(deps.data.clock, await readJson(req));
    } catch (error) {
      sendJson(
        res,
        422,
        invalidParameters(error instanceof Error ? error.message : 'bad clock change').body(),
      );
      return;
    }
    sendJson(res, 200, clockJson(deps.data.clock));
  } else if (route === 'DELETE /__admin/requests') {
    deps.requests.reset();
    sendJson(res, 200, { success: true });
  } else {
    sendJson(res, 404, notFound().body());
  }
}
