import type { z } from 'zod';

/**
 * A quick check of already-valid arguments, worked out once from an entry's params or query
 * schema. Most calls pass plain numbers and strings (`{ page: 3 }`, `{ movie_id: 550 }`); for
 * those the checker gives zod's own output without going through zod's parse. It only ever
 * answers for input it is sure of: anything else (a digit string that zod would transform, a
 * failed check, an unknown key, a schema kind it does not read) is `unsure`, and the caller then
 * parses with zod, so every rejection and its message still come from the schema itself.
 */
export const unsure: unique symbol = Symbol('unsure');

/** Zod's output for `input`, or `unsure`. */
export type FastCheck = (input: unknown) => unknown;

/** A field's answer: its output, `unsure`, or `rejected` (zod certainly refuses this type). */
type FieldCheck = (value: unknown) => unknown;
const rejected: unique symbol = Symbol('rejected');

/** The parts of zod's definitions the checker reads; anything else makes it step aside. */
interface Def {
  type: string;
  coerce?: boolean;
  checks?: readonly { _zod: { def: CheckDef } }[];
  innerType?: z.ZodType;
  options?: readonly z.ZodType[];
  in?: z.ZodType;
  entries?: Record<string, unknown>;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  tx?: (value: string) => string;
  when?: unknown;
}

/** zod's definitions are typed loosely (`$ZodTypeDef`); the checker reads them as `Def`. */
function defOf(schema: z.ZodType): Def {
  const def: object = schema._zod.def;
  return def as Def;
}

/**
 * The checker of an object schema, or `undefined` when the schema is not one the checker can
 * read (not an object, object-level refinements, a field kind it does not know).
 */
export function fastCheck(schema: z.ZodType): FastCheck | undefined {
  const def = defOf(schema);
  if (def.type !== 'object' || def.shape === undefined || (def.checks?.length ?? 0) > 0) {
    return undefined;
  }
  const fields = new Map<string, FieldCheck>();
  // Fields that cannot be left out; an optional one left out is simply not in the output.
  const required: string[] = [];
  for (const [name, field] of Object.entries(def.shape)) {
    const check = fieldCheck(field);
    fields.set(name, check);
    if (check(undefined) !== undefined) required.push(name);
  }
  return (input) => {
    // Only plain objects: zod also reads inherited properties, which a plain object has none of.
    if (input === null || typeof input !== 'object') return unsure;
    const proto: unknown = Object.getPrototypeOf(input);
    if (proto !== Object.prototype && proto !== null) return unsure;
    const record = input as Record<string, unknown>;
    // Only the caller's keys are visited: a call names two or three of a dozen fields.
    const out: Record<string, unknown> = {};
    for (const name in record) {
      // Unknown keys are stripped or refused depending on the schema: zod decides.
      const check = fields.get(name);
      if (check === undefined) return unsure;
      const value = check(record[name]);
      if (value === unsure || value === rejected) return unsure;
      // zod keeps a key the caller wrote, even as undefined.
      out[name] = value;
    }
    for (const name of required) if (!(name in record)) return unsure;
    return out;
  };
}

/** Left to zod: a schema kind or check the checker does not read. */
const leaveToZod: FieldCheck = () => unsure;

function fieldCheck(schema: z.ZodType): FieldCheck {
  const def = defOf(schema);
  if (def.coerce) return leaveToZod;
  return readableCheck(def) ?? leaveToZod;
}

function readableCheck(def: Def): FieldCheck | undefined {
  switch (def.type) {
    case 'optional':
      return optionalCheck(def);
    case 'string':
      return stringCheck(def);
    case 'number':
      return numberCheck(def);
    case 'boolean':
      return (def.checks?.length ?? 0) > 0
        ? undefined
        : (value) => (typeof value === 'boolean' ? value : rejected);
    case 'enum':
      return enumCheck(def);
    case 'union':
      return unionCheck(def);
    case 'pipe':
      return pipeCheck(def);
    default:
      // Transforms, defaults, literals, …: always left to zod.
      return undefined;
  }
}

/** An absent optional field is sure even when its inner schema is one the checker cannot read. */
function optionalCheck(def: Def): FieldCheck | undefined {
  if (!def.innerType || (def.checks?.length ?? 0) > 0) return undefined;
  const inner = fieldCheck(def.innerType);
  return (value) => (value === undefined ? undefined : inner(value));
}

/** Runs a string's checks in zod's order: trims and other rewrites first change the value. */
function stringCheck(def: Def): FieldCheck | undefined {
  const steps: ((value: string) => string | typeof unsure)[] = [];
  for (const check of def.checks ?? []) {
    const step = stringStep(check._zod.def);
    if (!step) return undefined;
    steps.push(step);
  }
  return (value) => {
    if (typeof value !== 'string') return rejected;
    let text = value;
    for (const step of steps) {
      const next = step(text);
      if (next === unsure) return unsure;
      text = next;
    }
    return text;
  };
}

function stringStep(check: CheckDef): ((value: string) => string | typeof unsure) | undefined {
  switch (check.check) {
    case 'overwrite': {
      const tx = check.tx;
      return tx && check.when === undefined ? (value) => tx(value) : undefined;
    }
    case 'min_length': {
      const min = check.minimum ?? 0;
      return (value) => (value.length >= min ? value : unsure);
    }
    case 'max_length': {
      const max = check.maximum ?? Infinity;
      return (value) => (value.length <= max ? value : unsure);
    }
    case 'string_format': {
      const pattern = check.format === 'regex' ? check.pattern : undefined;
      if (!pattern || pattern.global || pattern.sticky) return undefined;
      return (value) => (pattern.test(value) ? value : unsure);
    }
    default:
      return undefined;
  }
}

function numberCheck(def: Def): FieldCheck | undefined {
  const tests: ((value: number) => boolean)[] = [];
  for (const check of def.checks ?? []) {
    const test = numberTest(check._zod.def);
    if (!test) return undefined;
    tests.push(test);
  }
  return (value) => {
    if (typeof value !== 'number') return rejected;
    // Infinity and NaN are refused by zod: its message is the one the caller gets.
    if (!Number.isFinite(value)) return unsure;
    for (const test of tests) if (!test(value)) return unsure;
    return value;
  };
}

function numberTest(check: CheckDef): ((value: number) => boolean) | undefined {
  const bound = check.value;
  switch (check.check) {
    case 'number_format':
      return check.format === 'safeint' ? Number.isSafeInteger : undefined;
    case 'greater_than':
      if (typeof bound !== 'number') return undefined;
      return check.inclusive ? (value) => value >= bound : (value) => value > bound;
    case 'less_than':
      if (typeof bound !== 'number') return undefined;
      return check.inclusive ? (value) => value <= bound : (value) => value < bound;
    default:
      return undefined;
  }
}

function enumCheck(def: Def): FieldCheck | undefined {
  const values = Object.values(def.entries ?? {});
  if ((def.checks?.length ?? 0) > 0 || !values.every((v) => typeof v === 'string')) {
    return undefined;
  }
  const allowed = new Set<unknown>(values);
  return (value) => {
    if (allowed.has(value)) return value;
    return typeof value === 'string' ? unsure : rejected;
  };
}

/** zod answers with the first option that accepts; an option the checker is unsure of stops it. */
function unionCheck(def: Def): FieldCheck | undefined {
  const options: FieldCheck[] = [];
  if ((def.checks?.length ?? 0) > 0) return undefined;
  for (const option of def.options ?? []) options.push(fieldCheck(option));
  return (value) => {
    for (const option of options) {
      const result = option(value);
      if (result !== rejected) return result;
    }
    return rejected;
  };
}

/**
 * A pipe (`string → transform`) is never run here, but when its input side refuses the type the
 * whole pipe does, which lets a union move on to its next option.
 */
function pipeCheck(def: Def): FieldCheck | undefined {
  if (!def.in || (def.checks?.length ?? 0) > 0) return undefined;
  const input = fieldCheck(def.in);
  return (value) => (input(value) === rejected ? rejected : unsure);
}
