/**
 * The structure of real TMDB responses, for the conformance test: the keys every fixture of an
 * endpoint has (recursively, into the first item of arrays), and the JSON type of each.
 */
export type JsonType = 'null' | 'string' | 'number' | 'boolean' | 'object' | 'array';

export interface Shape {
  /** Undefined when fixtures disagree on the type (older docs eras); then only presence is checked. */
  readonly type: JsonType | undefined;
  /** A fixture had null here: a local null is acceptable. */
  readonly nullable: boolean;
  readonly keys: ReadonlyMap<string, Shape>;
  readonly item: Shape | undefined;
}

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : 'object';
}

/** The shape all `values` share. */
export function commonShape(values: readonly unknown[]): Shape {
  const present = values.filter((v) => v !== null && v !== undefined);
  const types = new Set(present.map(jsonType));
  const nullable = present.length < values.length;
  const type = types.size === 1 ? [...types][0] : types.size === 0 ? 'null' : undefined;
  const keys = new Map<string, Shape>();
  let item: Shape | undefined;
  if (type === 'object') {
    const objects = present as Record<string, unknown>[];
    const first = objects[0] ?? {};
    for (const key of Object.keys(first)) {
      if (objects.every((o) => key in o)) keys.set(key, commonShape(objects.map((o) => o[key])));
    }
  } else if (type === 'array') {
    const firsts = (present as unknown[][]).filter((a) => a.length > 0).map((a) => a[0]);
    if (firsts.length > 0) item = commonShape(firsts);
  }
  return { type, nullable, keys, item };
}

/** Differences between a local value and a real shape, as `path: problem` lines. */
export function shapeProblems(shape: Shape, value: unknown, path = '$'): string[] {
  if (shape.type === 'null' || shape.type === undefined) return [];
  if (value === null && shape.nullable) return [];
  const actual = jsonType(value);
  if (actual !== shape.type) return [`${path}: expected ${shape.type}, got ${actual}`];
  const problems: string[] = [];
  if (shape.type === 'object') {
    const object = value as Record<string, unknown>;
    for (const [key, sub] of shape.keys) {
      if (!(key in object)) problems.push(`${path}.${key}: missing`);
      else problems.push(...shapeProblems(sub, object[key], `${path}.${key}`));
    }
  } else if (shape.type === 'array' && shape.item) {
    const list = value as unknown[];
    if (list.length > 0) problems.push(...shapeProblems(shape.item, list[0], `${path}[0]`));
  }
  return problems;
}
