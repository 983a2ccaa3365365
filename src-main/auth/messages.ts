import { CodedError } from '../../src-shared/ipc/errors';
import { errorCode, isNetworkFailure } from '../base/errors';

/**
 * TMDB's status codes that sign-in can meet, turned into sentences a person can act on.
 * https://developer.themoviedb.org/docs/errors
 */
const SIGN_IN_MESSAGES: Readonly<Record<number, string>> = {
  3: 'TMDB refused Marquee’s application credentials. Check the API key or access token in Settings.',
  7: 'TMDB refused Marquee’s application credentials. Check the API key or access token in Settings.',
  10: 'TMDB has suspended the API key Marquee uses. Set another key in Settings.',
  17: 'TMDB has not approved this sign-in. Approve Marquee in your browser and press “I have approved”, or start again.',
  30: 'TMDB did not accept that username and password. Check them and try again.',
  31: 'TMDB says this account is disabled. Contact TMDB to restore it.',
  32: 'TMDB says this account’s email address is not verified yet. Follow the link in TMDB’s email, then try again.',
  33: 'This sign-in request has expired or is no longer valid. Start the sign-in again.',
  41: 'TMDB has not approved this sign-in. Approve Marquee in your browser and press “I have approved”, or start again.',
};

export const DENIED_MESSAGE =
  'You denied Marquee access on TMDB. Start the sign-in again if that was a mistake.';
export const EXPIRED_MESSAGE = 'This sign-in request has expired. Start the sign-in again.';

function tmdbStatusOf(error: unknown): number | undefined {
  return error !== null &&
    typeof error === 'object' &&
    'tmdbStatus' in error &&
    typeof error.tmdbStatus === 'number'
    ? error.tmdbStatus
    : undefined;
}

/** Rewrites a sign-in failure in words for the user; other failures pass through unchanged. */
export function signInError(error: unknown): unknown {
  const status = tmdbStatusOf(error);
  const known = status === undefined ? undefined : SIGN_IN_MESSAGES[status];
  if (known !== undefined) return new CodedError('unauthorized', known, status);
  const code = errorCode(error);
  if (code === 'offline' || code === 'timeout') {
    return new CodedError(
      code,
      'Marquee could not reach TMDB to sign in. Check your connection and try again.',
    );
  }
  return error;
}

/** True when the failure is the network's, so trying again later may work. */
export { isNetworkFailure };

/** True when TMDB answered that the credential presented is not valid. */
export function isRejectedCredential(error: unknown): boolean {
  const status = tmdbStatusOf(error);
  return (
    errorCode(error) === 'unauthorized' &&
    (status === undefined || status === 3 || status === 7 || status === 10)
  );
}
