/**
 * Plain-language text for the TMDB `status_code`s a Marquee user can run into. TMDB's own
 * `status_message` is terse ("Session denied."); these say what happened and what to do.
 * Source: TMDB's "Errors" page (developer.themoviedb.org/docs/errors).
 */
const texts: Readonly<Record<number, string>> = {
  3: 'TMDB refused the request: the session is missing or not allowed to do this. Sign in again.',
  6: 'TMDB did not recognise that id.',
  7: 'TMDB rejected Marquee’s API key or access token. Check the key in the settings.',
  10: 'TMDB has suspended this API key.',
  11: 'TMDB had an internal error.',
  14: 'TMDB could not authenticate this request. Sign in again.',
  17: 'TMDB denied the session: it is invalid or was revoked. Sign in again.',
  18: 'TMDB rejected the values sent.',
  22: 'That page number is out of range.',
  24: 'TMDB’s backend timed out. Try again shortly.',
  25: 'Too many requests to TMDB. Marquee will slow down; try again shortly.',
  29: 'TMDB needs this action to be confirmed.',
  30: 'TMDB rejected the user name or password.',
  31: 'This TMDB account is disabled.',
  32: 'This TMDB account’s e-mail address is not verified yet.',
  33: 'The sign-in request expired or is invalid. Start signing in again.',
  34: 'TMDB could not find it.',
  35: 'TMDB rejected the token.',
  36: 'This token may not write to TMDB.',
  37: 'TMDB could not find this session. Sign in again.',
  38: 'This account may not edit that resource.',
  39: 'That resource is private.',
  41: 'The sign-in was not approved on themoviedb.org yet.',
  43: 'TMDB could not reach its backend. Try again shortly.',
  46: 'TMDB’s API is down for maintenance. Try again later.',
  47: 'TMDB rejected the input.',
};

/** Text by HTTP status, for error bodies without a TMDB status_code. */
const byHttp: Readonly<Record<number, string>> = {
  400: 'TMDB rejected the request as malformed.',
  401: 'TMDB refused the credentials. Check the API key or sign in again.',
  403: 'TMDB does not allow this.',
  404: 'TMDB could not find it.',
  422: 'TMDB rejected the values sent.',
  429: 'Too many requests to TMDB. Try again shortly.',
};

export function statusText(httpStatus: number, tmdbStatus: number | undefined): string {
  const known = tmdbStatus === undefined ? undefined : texts[tmdbStatus];
  if (known) return known;
  const http = byHttp[httpStatus];
  if (http) return http;
  if (httpStatus >= 500) return 'TMDB is having trouble right now. Try again shortly.';
  return `TMDB answered with HTTP ${httpStatus}.`;
}
