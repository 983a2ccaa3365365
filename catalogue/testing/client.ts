import { startCatalogue, type Catalogue, type CatalogueOptions } from '../server';

/** A small fetch wrapper for the catalogue's own tests: JSON in, status and JSON out. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
}

export interface TestClient {
  readonly catalogue: Catalogue;
  get(path: string, init?: { token?: string | null }): Promise<Answer>;
  send(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<Answer>;
  /** A signed-in session for the demo account, made through validate_with_login. */
  signIn(): Promise<string>;
}

export async function openCatalogue(options: CatalogueOptions = {}): Promise<TestClient> {
  const catalogue = await startCatalogue(options);
  const call = async (
    method: string,
    path: string,
    body: unknown,
    token: string | null,
  ): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${catalogue.apiBase}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      // HTML pages and empty bodies stay text.
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const client: TestClient = {
    catalogue,
    get: (path, init) =>
      call('GET', path, undefined, init?.token === undefined ? catalogue.accessToken : init.token),
    send: (method, path, body) => call(method, path, body, catalogue.accessToken),
    async signIn() {
      const token = (await client.get('/3/authentication/token/new')).body as {
        request_token: string;
      };
      await client.send('POST', '/3/authentication/token/validate_with_login', {
        username: catalogue.demoUser,
        password: catalogue.demoPassword,
        request_token: token.request_token,
      });
      const session = (
        await client.send('POST', '/3/authentication/session/new', {
          request_token: token.request_token,
        })
      ).body as { session_id: string };
      return session.session_id;
    },
  };
  return client;
}

/** Reads a field path from an unknown JSON value, for assertions. */
export function field(value: unknown, ...path: (string | number)[]): unknown {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export function results(value: unknown): Record<string, unknown>[] {
  const list = field(value, 'results');
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
}
