import { expect } from 'vitest';
import { CodedError } from '../../../../src-shared/ipc/errors';
import { redact } from '../../../../src-shared/redact';

/** The error a promise rejects with, checked to be a CodedError with one plain sentence free of secrets. */
export async function plainFailure(
  promise: Promise<unknown>,
  secrets: readonly string[],
): Promise<CodedError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CodedError);
  const coded = error as CodedError;
  for (const secret of secrets) expect(coded.message).not.toContain(secret);
  // Nothing in it that the one redaction function would remove.
  expect(redact(coded.message)).toBe(coded.message);
  expect(coded.message).toMatch(/^[A-Z][^\n]*\.$/);
  return coded;
}
