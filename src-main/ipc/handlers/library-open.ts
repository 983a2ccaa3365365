import { CodedError } from '../../../src-shared/ipc/errors';

/**
 * A part of Marquee that lives in the library (stats, tracking, sync), or a plain refusal naming
 * the reason when the library could not be opened at start-up: browsing keeps working without it.
 */
export function libraryPart<T>(part: T | null, refusal: string, problem: string | null): T {
  if (part !== null) return part;
  throw new CodedError(
    'internal',
    `${refusal} because your library could not be opened. (${problem ?? 'unknown problem'})`,
  );
}
