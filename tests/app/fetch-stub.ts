import { vi } from 'vitest';

/** A stand-in for the browser's fetch in app tests: call `vi.unstubAllGlobals()` after each. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Node's Request takes no address relative to the page: the browser's would resolve `/api/…` against the page. */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
  }
}

/** Stubs `fetch` with `response` (of the path asked) and records each request the app makes. */
export function answering(response: (path: string) => Response) {
  const requests: Array<{ method: string; url: string; authorization: string | null; body: string }> = [];
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      requests.push({
        method: input.method,
        url: input.url,
        authorization: input.headers.get('authorization'),
        body: await input.text(),
      });
      return response(new URL(input.url).pathname);
    }),
  );
  return requests;
}
