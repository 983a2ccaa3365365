/**
 * TMDB's error bodies and codes, as the real service answers them. Handlers throw `CatalogueError`
 * and the server turns it into `{ success: false, status_code, status_message }` with the HTTP status.
 */
export class CatalogueError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly statusCode: number,
    readonly statusMessage: string,
    readonly headers: Record<string, string> = {},
    /** A body other than the status triple (TMDB's newer validation errors are `{ errors: [...] }`). */
    private readonly bodyOverride?: Record<string, unknown>,
  ) {
    super(statusMessage);
    this.name = 'CatalogueError';
  }

  body(): Record<string, unknown> {
    if (this.bodyOverride) return this.bodyOverride;
    return { success: false, status_code: this.statusCode, status_message: this.statusMessage };
  }
}

export const invalidApiKey = (): CatalogueError =>
  new CatalogueError(401, 7, 'Invalid API key: You must be granted a valid key.');
export const notFound = (): CatalogueError =>
  new CatalogueError(404, 34, 'The resource you requested could not be found.');
export const authFailed = (): CatalogueError =>
  new CatalogueError(
    401,
    3,
    'Authentication failed: You do not have permissions to access the service.',
  );
export const sessionDenied = (): CatalogueError => new CatalogueError(401, 17, 'Session denied.');
export const invalidLogin = (): CatalogueError =>
  new CatalogueError(
    401,
    30,
    'Invalid username and/or password: You did not provide a valid login.',
  );
export const invalidToken = (): CatalogueError =>
  new CatalogueError(
    401,
    33,
    'Invalid request token: The request token is either expired or invalid.',
  );
export const invalidPage = (): CatalogueError =>
  new CatalogueError(
    400,
    22,
    'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.',
  );
export const invalidParameters = (detail?: string): CatalogueError =>
  new CatalogueError(
    422,
    5,
    detail
      ? `Invalid parameters: ${detail}`
      : 'Invalid parameters: Your request parameters are incorrect.',
  );
export const invalidId = (): CatalogueError =>
  new CatalogueError(404, 6, 'Invalid id: The pre-requisite id is invalid or not found.');
export const rateLimited = (count: number): CatalogueError =>
  new CatalogueError(429, 25, `Your request count (${count}) is over the allowed limit of 40.`);
export const internalError = (): CatalogueError =>
  new CatalogueError(500, 11, 'Internal error: Something went wrong, contact TMDB.');
export const serviceOffline = (): CatalogueError =>
  new CatalogueError(
    503,
    9,
    'Service offline: This service is temporarily offline, try again later.',
  );
export const invalidMethod = (): CatalogueError =>
  new CatalogueError(405, 42, 'This request method is not supported for this resource.');
export const duplicateEntry = (): CatalogueError =>
  new CatalogueError(403, 8, 'Duplicate entry: The data you tried to submit already exists.');
export const resourcePrivate = (): CatalogueError =>
  new CatalogueError(401, 39, 'This resource is private.');
export const confirmRequired = (): CatalogueError =>
  new CatalogueError(
    400,
    29,
    'You must confirm this action: Please provide a confirm=true parameter.',
  );
export const tokenNotApproved = (): CatalogueError => sessionDenied();
export const noPermission = (): CatalogueError =>
  new CatalogueError(401, 38, "You don't have permission to edit this resource.");
export const sessionNotFound = (): CatalogueError =>
  new CatalogueError(404, 37, 'The requested session could not be found.');
export const invalidInput = (): CatalogueError =>
  new CatalogueError(400, 47, 'The input is not valid.');
export const credentialsMissing = (): CatalogueError =>
  new CatalogueError(400, 26, 'You must provide a username and password.');
export const mustBeProvided = (name: string): CatalogueError =>
  new CatalogueError(
    422,
    5,
    `${name} must be provided`,
    {},
    { errors: [`${name} must be provided`] },
  );
export const queryRequired = (): CatalogueError => mustBeProvided('query');
