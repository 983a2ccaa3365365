import { mulberry32 } from './data/prng';

/**
 * Fault injection for resilience tests: TMDB's 429 (with or without Retry-After), 5xx answers, slow
 * answers, dropped connections, lost answers (the request is applied, then the connection drops),
 * and corrupt answers (a JSON answer rewritten by `edit` before it is sent, as when TMDB's data
 * holds a null where a string belongs; in-process only, as a function is no JSON).
 * Each rule fires by chance (`rate`, from a seeded PRNG so a run
 * repeats), for the next N matching requests (`next`), or on every Nth matching request (`every`),
 * optionally only for paths containing `path` (or matching `pathPattern`).
 */
export type FaultRule =
  | (FaultTrigger & {
      readonly kind: 'rate_limit';
      /** seconds; omitted → no Retry-After header */ readonly retryAfter?: number;
    })
  | (FaultTrigger & { readonly kind: 'server_error'; readonly status?: 500 | 502 | 503 })
  | (FaultTrigger & { readonly kind: 'latency'; readonly delayMs: number })
  | (FaultTrigger & { readonly kind: 'drop' })
  | (FaultTrigger & { readonly kind: 'lost_answer' })
  | (FaultTrigger & { readonly kind: 'corrupt'; readonly edit: (body: unknown) => unknown });

export interface FaultTrigger {
  /** 0..1 chance per matching request. */
  readonly rate?: number;
  /** Fire on the next N matching requests, then stop. */
  readonly next?: number;
  /** Fire on every Nth matching request (the Nth, 2Nth, ...). */
  readonly every?: number;
  /** Only requests whose path contains this text. */
  readonly path?: string;
  readonly pathPattern?: RegExp;
}

export type FaultPlan = readonly FaultRule[];

export type FaultAction =
  | { readonly kind: 'rate_limit'; readonly retryAfter: number | undefined }
  | { readonly kind: 'server_error'; readonly status: 500 | 502 | 503 }
  | { readonly kind: 'drop' }
  | { readonly kind: 'lost_answer' };

export interface FaultDecision {
  readonly delayMs: number;
  readonly action: FaultAction | undefined;
  /** Rewrites of the JSON answer, in plan order (corrupt rules that fired). */
  readonly edits: readonly ((body: unknown) => unknown)[];
}

interface LiveRule {
  readonly rule: FaultRule;
  seen: number;
  remaining: number | undefined;
}

export class FaultInjector {
  private rules: LiveRule[] = [];
  private random: () => number;
  /** How many faults fired, by kind. */
  readonly fired = {
    rate_limit: 0,
    server_error: 0,
    latency: 0,
    drop: 0,
    lost_answer: 0,
    corrupt: 0,
  };

  constructor(
    plan: FaultPlan | undefined,
    private readonly seed: number,
  ) {
    this.random = mulberry32(seed ^ 0x5eed);
    this.set(plan ?? []);
  }

  /** Replaces the plan; counters of the old plan are forgotten. */
  set(plan: FaultPlan): void {
    for (const rule of plan) validateRule(rule);
    this.rules = plan.map((rule) => ({ rule, seen: 0, remaining: rule.next }));
    this.random = mulberry32(this.seed ^ 0x5eed);
  }

  clear(): void {
    this.set([]);
  }

  get plan(): FaultPlan {
    return this.rules.map((live) => live.rule);
  }

  /**
   * Decides what happens to one request. Latency rules add up, and so do corrupt rules (each edits
   * the answer in turn); the first failing rule wins.
   */
  decide(path: string): FaultDecision {
    let delayMs = 0;
    let action: FaultAction | undefined;
    const edits: ((body: unknown) => unknown)[] = [];
    for (const live of this.rules) {
      const { rule } = live;
      if (rule.path !== undefined && !path.includes(rule.path)) continue;
      if (rule.pathPattern && !rule.pathPattern.test(path)) continue;
      if (rule.kind !== 'latency' && rule.kind !== 'corrupt' && action) continue;
      if (!this.fires(live)) continue;
      this.fired[rule.kind] += 1;
      if (rule.kind === 'latency') delayMs += rule.delayMs;
      else if (rule.kind === 'corrupt') edits.push(rule.edit);
      else if (rule.kind === 'rate_limit')
        action = { kind: 'rate_limit', retryAfter: rule.retryAfter };
      else if (rule.kind === 'server_error')
        action = { kind: 'server_error', status: rule.status ?? 500 };
      else if (rule.kind === 'lost_answer') action = { kind: 'lost_answer' };
      else action = { kind: 'drop' };
    }
    return { delayMs, action, edits };
  }

  private fires(live: LiveRule): boolean {
    live.seen += 1;
    const { rule } = live;
    if (live.remaining !== undefined) {
      if (live.remaining <= 0) return false;
      live.remaining -= 1;
      return true;
    }
    if (rule.every !== undefined) return live.seen % rule.every === 0;
    if (rule.rate !== undefined) return this.random() < rule.rate;
    return true;
  }
}

function validateRule(rule: FaultRule): void {
  const triggers = [rule.rate, rule.next, rule.every].filter((v) => v !== undefined).length;
  if (triggers > 1) throw new Error(`a fault rule takes one of rate, next or every (${rule.kind})`);
  if (rule.rate !== undefined && !(rule.rate >= 0 && rule.rate <= 1))
    throw new Error('fault rate must be within 0..1');
  if (rule.next !== undefined && !(Number.isInteger(rule.next) && rule.next >= 0))
    throw new Error('fault `next` must be a whole number');
  if (rule.every !== undefined && !(Number.isInteger(rule.every) && rule.every >= 1))
    throw new Error('fault `every` must be 1 or more');
  if (rule.kind === 'latency' && !(rule.delayMs >= 0 && rule.delayMs <= 120_000))
    throw new Error('latency delayMs must be within 0..120000');
}
