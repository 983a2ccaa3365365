import { z } from 'zod';
import type { EndpointDef } from '../../src-shared/tmdb/define';

/**
 * An entry's success-body schema compiled to zod's generated fast path, worked out once per
 * entry instead of on every answer. Compiling changes no result: a body the compiled schema
 * rejects is parsed again by the entry's own schema, so errors read exactly as before. (The
 * argument schemas are compiled with the rest of what building a request needs: request/plan.ts.)
 */
export interface CompiledEndpoint {
  readonly def: EndpointDef;
  readonly response: z.ZodType;
}

const cache = new WeakMap<EndpointDef, CompiledEndpoint>();

export function compiledEndpoint(def: EndpointDef): CompiledEndpoint {
  let compiled = cache.get(def);
  if (!compiled) {
    compiled = { def, response: z.compile(def.response) };
    cache.set(def, compiled);
  }
  return compiled;
}
