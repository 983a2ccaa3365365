import type { z } from 'zod';
import { parseRoute, type EndpointDef } from '../src-shared/tmdb/define';
import { endpoints } from '../src-shared/tmdb/endpoints';
import type { Handler } from './handler';

/** One route: a compiled path template, the handler, and the table entry's schemas when there is one. */
export interface Route {
  readonly key: string;
  readonly method: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly handler: Handler;
  readonly params: z.ZodType | undefined;
  readonly query: z.ZodType | undefined;
  readonly body: z.ZodType | undefined;
  readonly auth: string;
  /** Literal segments count, so `/3/person/latest` wins over `/3/person/{person_id}`. */
  readonly specificity: number;
}

export interface RouteMatch {
  readonly route: Route;
  readonly rawParams: Record<string, string>;
}

function compile(template: string): { pattern: RegExp; names: string[]; specificity: number } {
  const names: string[] = [];
  let specificity = 0;
  const source = template
    .split('/')
    .map((segment) => {
      const m = /^\{(\w+)\}$/.exec(segment);
      if (m?.[1]) {
        names.push(m[1]);
        return '([^/]+)';
      }
      specificity += 1;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), names, specificity };
}

/**
 * Builds the routes by iterating the endpoint table, so routing and parameter parsing follow the
 * same table the client uses. A handler whose key is not (yet) in the table still gets a route from
 * its key, without schemas, so the server is usable while the table grows; `routeCoverage` reports
 * both kinds of gap and a test fails on them.
 */
export function buildRoutes(handlers: Readonly<Record<string, Handler>>): Route[] {
  const routes: Route[] = [];
  const table: Readonly<Record<string, EndpointDef>> = endpoints;
  for (const [key, entry] of Object.entries(table)) {
    const handler = handlers[key];
    if (!handler) continue;
    routes.push({
      key,
      method: entry.method,
      handler,
      params: entry.params,
      query: entry.query,
      body: entry.body,
      auth: entry.auth,
      ...compile(entry.path),
    });
  }
  for (const [key, handler] of Object.entries(handlers)) {
    if (key in table) continue;
    // The key is a route too: its method and path are read the way the table reads its own.
    const { method, path } = parseRoute(key);
    routes.push({
      key,
      method,
      handler,
      params: undefined,
      query: undefined,
      body: undefined,
      auth: 'app',
      ...compile(path),
    });
  }
  return routes.sort((a, b) => b.specificity - a.specificity);
}

/** Entries without a handler, and handlers without an entry. */
export function routeCoverage(handlers: Readonly<Record<string, Handler>>): {
  missingHandlers: string[];
  missingEntries: string[];
} {
  const keys = Object.keys(endpoints);
  return {
    missingHandlers: keys.filter((k) => !(k in handlers)),
    missingEntries: Object.keys(handlers).filter((k) => !keys.includes(k)),
  };
}

export interface RouteLookup {
  readonly match: RouteMatch | undefined;
  /** The path exists under another method. */
  readonly otherMethod: boolean;
}

export function findRoute(routes: readonly Route[], method: string, path: string): RouteLookup {
  let otherMethod = false;
  for (const route of routes) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    if (route.method !== method) {
      otherMethod = true;
      continue;
    }
    const rawParams: Record<string, string> = {};
    route.names.forEach((name, i) => {
      rawParams[name] = decodeURIComponent(m[i + 1] ?? '');
    });
    return { match: { route, rawParams }, otherMethod };
  }
  return { match: undefined, otherMethod };
}
