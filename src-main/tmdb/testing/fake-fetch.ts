/** One request as the fake server saw it. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

export type Responder = (request: SeenRequest, index: number) => Response | Promise<Response>;

/** A `fetch` that answers with `respond` and records every call. */
export function recordingFetch(respond: Responder): { fetch: typeof fetch; calls: SeenRequest[] } {
  const calls: SeenRequest[] = [];
  const fake = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const seen: SeenRequest = {
      url: input instanceof Request ? input.url : String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
    };
    calls.push(seen);
    return Promise.resolve(respond(seen, calls.length - 1));
  };
  return { fetch: fake, calls };
}

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Answers in sequence; the last answer repeats. */
export function sequence(...answers: (() => Response | Promise<Response>)[]): Responder {
  return (_request, index) => {
    const answer = answers[Math.min(index, answers.length - 1)];
    if (!answer) throw new Error('sequence() needs at least one answer');
    return answer();
  };
}

/** A fetch failure as undici reports it. */
export function connectionRefused(): Promise<Response> {
  return Promise.reject(
    new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:443') }),
  );
}

/** Never answers until the request's signal aborts, then rejects like fetch does. */
export function hang(request: SeenRequest): Promise<Response> {
  return new Promise((_resolve, reject) => {
    request.signal?.addEventListener('abort', () => {
      reject(new DOMException('This operation was aborted', 'AbortError'));
    });
  });
}
