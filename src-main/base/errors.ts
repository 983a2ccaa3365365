/**
 * Failures cross module boundaries as values with a `code` (see src-shared/ipc/errors.ts), so
 * callers branch on the code, never on `instanceof`: an error may come from the client, a store or
 * a test double alike.
 */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** True when the failure is the network's (offline, or no answer in time): a later try may work. */
export function isNetworkFailure(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'offline' || code === 'timeout';
}
