import { z } from 'zod';

/**
 * The keys an object schema declares, looking through the wrappers an endpoint entry may add
 * (`.optional()`, `.transform()`, `.pipe()`). `undefined` when the schema is not an object.
 * Used to add `language` / `region` defaults only to endpoints that take them.
 */
export function schemaKeys(schema: z.ZodType): ReadonlySet<string> | undefined {
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodPipe) return schemaKeys(schema.in as z.ZodType);
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodNullable
  ) {
    return schemaKeys(schema.unwrap() as z.ZodType);
  }
  return undefined;
}
