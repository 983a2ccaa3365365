import { z } from 'zod';
import type { EndpointDef } from '../../src-shared/tmdb/define';
import { fastCheck, type FastCheck } from './fast-args';
import { isListClear, isSessionDelete } from './quirks';
import { schemaKeys } from './schema-keys';

/**
 * What the client derives from an endpoint entry, worked out once per entry instead of on every
 * request: the entry's schemas compiled to zod's generated fast path, the query's declared keys
 * and the path's placeholders. Compiling changes no result: a body the fast path rejects is
 * parsed again by the entry's own schema, so errors read exactly as before.
 */
export interface CompiledEndpoint {
  def: EndpointDef;
  params: z.ZodType;
  query: z.ZodType;
  body: z.ZodType | undefined;
  response: z.ZodType;
  /** Quick checks of already-valid params / query (see fast-args.ts); zod parses the rest. */
  fastParams: FastCheck | undefined;
  fastQuery: FastCheck | undefined;
  /** The keys the query schema declares, for `language`/`region` defaults. */
  queryKeys: ReadonlySet<string> | undefined;
  /** The same keys in the order a URL lists them (see `sortedQueryString`). */
  sortedQueryNames: readonly string[] | undefined;
  /**
   * The path template split at its placeholders: `/3/movie/{movie_id}/videos` is the pieces
   * `['/3/movie/', '/videos']` around the names `['movie_id']`. Filling it is then a join.
   */
  pathPieces: readonly string[];
  pathNames: readonly string[];
  /** The path carries a guest session (`/3/guest_session/{guest_session_id}/…`). */
  guestInPath: boolean;
  listClear: boolean;
  sessionDelete: boolean;
  /** None of the quirks above and no body schema: the request can take the short way (quick-request.ts). */
  plain: boolean;
}

const cache = new WeakMap<EndpointDef, CompiledEndpoint>();

export function compiledEndpoint(def: EndpointDef): CompiledEndpoint {
  let compiled = cache.get(def);
  if (!compiled) {
    const queryKeys = schemaKeys(def.query);
    const guestInPath = def.path.includes('{guest_session_id}');
    const listClear = isListClear(def);
    const sessionDelete = isSessionDelete(def);
    compiled = {
      def,
      params: z.compile(def.params),
      query: z.compile(def.query),
      body: def.body === undefined ? undefined : z.compile(def.body),
      response: z.compile(def.response),
      fastParams: fastCheck(def.params),
      fastQuery: fastCheck(def.query),
      queryKeys,
      sortedQueryNames: queryKeys && [...queryKeys].sort(),
      ...splitPath(def.path),
      guestInPath,
      listClear,
      sessionDelete,
      plain: !guestInPath && !listClear && !sessionDelete && def.body === undefined,
    };
    cache.set(def, compiled);
  }
  return compiled;
}

function splitPath(template: string): { pathPieces: string[]; pathNames: string[] } {
  // split() with a capturing group alternates pieces and names: piece, name, piece, ..., piece.
  const parts = template.split(/\{([A-Za-z0-9_]+)\}/);
  return {
    pathPieces: parts.filter((_part, i) => i % 2 === 0),
    pathNames: parts.filter((_part, i) => i % 2 === 1),
  };
}
