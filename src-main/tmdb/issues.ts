import type { z } from 'zod';

/** `results.3.id: expected number, received string`: the first issue of a failed parse, short and secret-free. */
export function describeIssue(
  error: z.ZodError,
  prefix?: string,
): { field: string; problem: string } {
  const issue = error.issues[0];
  if (!issue) return { field: prefix ?? '', problem: 'rejected' };
  const parts = [...(prefix ? [prefix] : []), ...issue.path.map((p) => String(p))];
  // zod's default text starts with "Invalid input: "; the path already says where.
  const problem = issue.message.replace(/^Invalid input:\s*/i, '');
  return { field: parts.join('.'), problem };
}
