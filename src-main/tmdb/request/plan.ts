import { z } from 'zod';
import type { EndpointDef } from '../../../src-shared/tmdb/define';
import { isListClear, isSessionDelete } from '../quirks';
import { schemaKeys } from '../schema-keys';
import { fastCheck, unsure, type FastCheck } from './fast-args';

/**
 * What building a request needs from an endpoint entry, worked out once per entry instead of on
 * every request: the argument schemas compiled to zod's generated fast path, the quick checks
 * beside them, the query's declared keys and the path's placeholders. Compiling changes no
 * result: input the compiled schema rejects is parsed again by the entry's own schema (see
 * `checkPart`), so errors read exactly as before.
 */
export interface RequestPlan {
  readonly def: EndpointDef;
  readonly params: z.ZodType;
  readonly query: z.ZodType;
  readonly body: z.ZodType | undefined;
  /** Quick checks of already-valid params / query (see fast-args.ts); zod parses the rest. */
  readonly fastParams: FastCheck | undefined;
  readonly fastQuery: FastCheck | undefined;
  /** The keys the query schema declares, for `language`/`region` defaults. */
  readonly queryKeys: ReadonlySet<string> | undefined;
  /**
   * The path template split at its placeholders: `/3/movie/{movie_id}/videos` is the pieces
   * `['/3/movie/', '/videos']` around the names `['movie_id']`. Filling it is then a join.
   */
  readonly pathPieces: readonly string[];
  readonly pathNames: readonly string[];
  /** The path carries a guest session (`/3/guest_session/{guest_session_id}/…`). */
  readonly guestInPath: boolean;
  readonly listClear: boolean;
  readonly sessionDelete: boolean;
  /**
   * Calls may take the one-pass way (plain.ts): quick checks for params and query, no body, no
   * quirk, and an auth that needs no session in the query (it is then checked per call).
   */
  readonly plain: boolean;
  /** No path placeholders and the quick check takes empty params: a call may leave them out. */
  readonly paramsOptional: boolean;
  /** The quick check takes an empty query: a call may leave it out. */
  readonly queryOptional: boolean;
}

const plans = new WeakMap<EndpointDef, RequestPlan>();

export function requestPlan(def: EndpointDef): RequestPlan {
  let plan = plans.get(def);
  if (!plan) {
    const fastParams = fastCheck(def.params);
    const fastQuery = fastCheck(def.query);
    const { pathPieces, pathNames } = splitPath(def.path);
    const guestInPath = def.path.includes('{guest_session_id}');
    const listClear = isListClear(def);
    const sessionDelete = isSessionDelete(def);
    plan = {
      def,
      params: z.compile(def.params),
      query: z.compile(def.query),
      body: def.body === undefined ? undefined : z.compile(def.body),
      fastParams,
      fastQuery,
      queryKeys: schemaKeys(def.query),
      pathPieces,
      pathNames,
      guestInPath,
      listClear,
      sessionDelete,
      plain:
        fastParams !== undefined &&
        fastQuery !== undefined &&
        def.body === undefined &&
        !guestInPath &&
        !listClear &&
        !sessionDelete &&
        (def.auth === 'app' || def.auth === 'session_optional'),
      paramsOptional:
        pathNames.length === 0 && fastParams !== undefined && fastParams({}) !== unsure,
      queryOptional: fastQuery !== undefined && fastQuery({}) !== unsure,
    };
    plans.set(def, plan);
  }
  return plan;
}

/** The `{placeholder}` names of a path template, in order. */
export function placeholders(pathTemplate: string): string[] {
  return splitPath(pathTemplate).pathNames;
}

function splitPath(template: string): { pathPieces: string[]; pathNames: string[] } {
  // split() with a capturing group alternates pieces and names: piece, name, piece, ..., piece.
  const parts = template.split(/\{([A-Za-z0-9_]+)\}/);
  return {
    pathPieces: parts.filter((_part, i) => i % 2 === 0),
    pathNames: parts.filter((_part, i) => i % 2 === 1),
  };
}
