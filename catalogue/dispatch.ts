import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { Catalogue as CatalogueData } from './data/catalogue';
import type { CatalogueState } from './state';
import type { FaultInjector } from './faults';
import type { ImageHost } from './images';
import type { RequestCounter } from './server';
import { findRoute, type Route } from './router';
import { Reply, type HandlerContext } from './handler';
import {
  CatalogueError,
  authFailed,
  internalError,
  invalidApiKey,
  invalidInput,
  invalidMethod,
  invalidPage,
  invalidParameters,
  mustBeProvided,
  notFound,
} from './errors';
import { handleAdmin } from './admin';
import { handleApproval } from './approval';
import { applyFault } from './fault-response';

export interface DispatchDeps {
  readonly routes: readonly Route[];
  readonly data: CatalogueData;
  readonly state: CatalogueState;
  readonly faults: FaultInjector;
  readonly requests: RequestCounter;
  readonly images: ImageHost;
  readonly accessToken: string;
  readonly apiBase: string;
  readonly now: () => number;
}

/** Credentials travel in the query but are never part of an endpoint's declared query. */
const CREDENTIAL_PARAMS = new Set(['api_key', 'session_id', 'guest_session_id']);
const MAX_BODY = 64 * 1024;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json;charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function sendError(res: ServerResponse, error: CatalogueError): void {
  sendJson(res, error.httpStatus, error.body(), error.headers);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(invalidInput());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function isAuthorized(req: IncomingMessage, url: URL, token: string): boolean {
  const header = req.headers.authorization;
  if (header !== undefined) return header === `Bearer ${token}`;
  return url.searchParams.get('api_key') === token;
}

/** Parses with the table's schema. TMDB ignores parameters it does not know, so unknown keys are dropped, not refused. */
function parseLenient(
  schema: z.ZodType,
  input: Record<string, unknown>,
): { ok: true; value: Record<string, unknown> } | { ok: false; issues: z.core.$ZodIssue[] } {
  let attempt = schema.safeParse(input);
  if (!attempt.success) {
    const unknown = attempt.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys' && issue.path.length === 0 ? issue.keys : [],
    );
    const others = attempt.error.issues.filter((issue) => issue.code !== 'unrecognized_keys');
    if (others.length > 0 || unknown.length === 0)
      return { ok: false, issues: others.length > 0 ? others : attempt.error.issues };
    const trimmed = { ...input };
    for (const key of unknown) Reflect.deleteProperty(trimmed, key);
    attempt = schema.safeParse(trimmed);
    if (!attempt.success) return { ok: false, issues: attempt.error.issues };
  }
  const value = attempt.data;
  return {
    ok: true,
    value: typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {},
  };
}

function describe(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${issue.path.join('.') || 'value'} ${issue.message}`).join('; ');
}

function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!CREDENTIAL_PARAMS.has(key)) out[key] = value;
  return out;
}

async function parseBody(req: IncomingMessage): Promise<unknown> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const text = await readBody(req);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidInput();
  }
}

async function runRoute(
  deps: DispatchDeps,
  req: IncomingMessage,
  url: URL,
): Promise<Reply | CatalogueError> {
  const lookup = findRoute(deps.routes, req.method ?? 'GET', url.pathname);
  if (!lookup.match) return lookup.otherMethod ? invalidMethod() : notFound();
  const { route, rawParams } = lookup.match;

  let params: Record<string, unknown> = rawParams;
  if (route.params) {
    const parsed = parseLenient(route.params, rawParams);
    if (!parsed.ok) return notFound();
    params = parsed.value;
  }
  let query: Record<string, unknown> = queryObject(url);
  if (route.query) {
    const parsed = parseLenient(route.query, query);
    if (!parsed.ok) {
      if (parsed.issues.some((issue) => issue.path[0] === 'page')) return invalidPage();
      // A missing required parameter gets TMDB's newer `{ errors: ["query must be provided"] }`.
      const missing = parsed.issues.find(
        (issue) => issue.path.length === 1 && query[String(issue.path[0])] === undefined,
      );
      if (missing) return mustBeProvided(String(missing.path[0]));
      return invalidParameters(describe(parsed.issues));
    }
    query = parsed.value;
  }
  let body = await parseBody(req);
  if (route.body) {
    const parsed = route.body.safeParse(body ?? {});
    if (!parsed.success) return invalidParameters(describe(parsed.error.issues));
    body = parsed.data;
  }

  const sessionId = url.searchParams.get('session_id') ?? undefined;
  const account = deps.state.accountForSession(sessionId);
  const guest = deps.state.liveGuest(url.searchParams.get('guest_session_id'));
  if (route.auth === 'session' && !account) return authFailed();
  if (route.auth === 'session_or_guest' && !account && !guest) return authFailed();
  // A session that was sent but is unknown is refused even where a session is optional.
  if (sessionId !== undefined && !account) return authFailed();

  const ctx: HandlerContext = {
    params,
    query,
    search: url.searchParams,
    body,
    data: deps.data,
    state: deps.state,
    account,
    sessionId,
    guest,
    apiBase: deps.apiBase,
    now: deps.now,
  };
  const result = route.handler(ctx);
  return result instanceof Reply ? result : new Reply(200, result);
}

/** The server's request pipeline: count, admin, faults, images, approval page, credentials, route. */
export function createRequestHandler(
  deps: DispatchDeps,
): (req: IncomingMessage, res: ServerResponse) => void {
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', deps.apiBase);
    if (url.pathname.startsWith('/__admin/')) {
      await handleAdmin(deps, req, res, url);
      return;
    }
    deps.requests.record(url.pathname);
    const fault = await applyFault(deps.faults, req, res, url.pathname);
    if (fault.handled === true) return;

    if (url.pathname.startsWith('/t/p/')) {
      deps.images.serve(req, res, url.pathname);
      return;
    }
    if (url.pathname.startsWith('/authenticate/')) {
      handleApproval(deps, req, res, url);
      return;
    }
    if (!isAuthorized(req, url, deps.accessToken)) {
      sendError(res, invalidApiKey());
      return;
    }
    const outcome = await runRoute(deps, req, url);
    if (fault.handled === 'lost_answer') {
      // Applied, but the client never hears back: the connection drops, as on a flaky network.
      req.socket.destroy();
      return;
    }
    if (outcome instanceof CatalogueError) {
      sendError(res, outcome);
      return;
    }
    if (outcome.contentType.startsWith('application/json')) {
      sendJson(res, outcome.status, fault.edit(outcome.body), outcome.headers);
      return;
    }
    res.writeHead(outcome.status, { 'Content-Type': outcome.contentType, ...outcome.headers });
    res.end(typeof outcome.body === 'string' ? outcome.body : '');
  };
  return (req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendError(res, error instanceof CatalogueError ? error : internalError());
    });
  };
}
