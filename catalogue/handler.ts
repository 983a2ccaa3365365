import type { Catalogue as CatalogueData } from './data/catalogue';
import type { Account, CatalogueState, GuestSession } from './state';

/** What a handler receives: the parsed path parameters, query and body, and who is asking. */
export interface HandlerContext {
  readonly params: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  /** The raw query string, for parameters the table entry does not declare (e.g. `append_to_response`). */
  readonly search: URLSearchParams;
  readonly body: unknown;
  readonly data: CatalogueData;
  readonly state: CatalogueState;
  /** The signed-in account, when a valid `session_id` came with the request. */
  readonly account: Account | undefined;
  readonly sessionId: string | undefined;
  readonly guest: GuestSession | undefined;
  /** Base URL of this server, for pages that link back to it. */
  readonly apiBase: string;
  readonly now: () => number;
}

/** A response other than JSON 200, for writes (201) and for HTML or redirects. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly contentType = 'application/json;charset=utf-8',
  ) {}
}

export type Handler = (ctx: HandlerContext) => unknown;

/** The status body of a successful write. */
export const statusBody = (code: number, message: string): Record<string, unknown> => ({
  success: true,
  status_code: code,
  status_message: message,
});
