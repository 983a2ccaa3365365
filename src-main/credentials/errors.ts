import { CodedError } from '../../src-shared/ipc/errors';
import { redact } from '../../src-shared/redact';

/** What went wrong with a credential store, for callers that branch on it. */
export type CredentialProblem = 'unavailable' | 'corrupt' | 'invalid_value';

/**
 * A credential store failure. It is a CodedError so the IPC guard carries its message to the UI;
 * the message is therefore written for people and never contains a secret (it is redacted anyway).
 */
export class CredentialError extends CodedError {
  readonly problem: CredentialProblem;

  constructor(problem: CredentialProblem, message: string) {
    super(problem === 'invalid_value' ? 'invalid_input' : 'internal', redact(message));
    this.name = 'CredentialError';
    this.problem = problem;
  }
}

/** A short, secret-free description of an unknown failure, for log lines and reasons. */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return redact(text.trim().split('\n')[0] ?? '').slice(0, 200);
}
