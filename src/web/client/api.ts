/**
 * The app's calls to its own server: JSON in, JSON out, and an error read as `{ code, message }`
 * from the server's error body (never thrown raw at a screen). Every call is same-origin. The
 * shapes of the answers are the server's HTTP contract (src/server/contract), imported as types.
 */

import { useEffect, useState } from 'preact/hooks';
import type { AskProgress, AskRequest, AskRun, AskStreamError } from '../../server/contract/agent-runs.js';
import { backgroundHeader, signInOn } from './host.js';

export interface ApiFailure {
  status: number;
  code: string;
  message: string;
  body: Record<string, unknown>;
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiFailure };

const UNREACHABLE: ApiFailure = { status: 0, code: 'NETWORK', message: 'The svc server could not be reached.', body: {} };

/** A JSON answer read as the value or as the server's `{ error: { code, message } }`. */
async function readJson<T>(response: Response): Promise<ApiResult<T>> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, value: body as T };
  const error = (body['error'] ?? {}) as { code?: string; message?: string };
  return {
    ok: false,
    error: {
      status: response.status,
      code: error.code ?? `HTTP_${response.status}`,
      message: error.message ?? `The server answered ${response.status}.`,
      body,
    },
  };
}

/** Calls `path`; a body makes it a POST (or `method`). */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
      headers: { accept: 'application/json', ...backgroundHeader(), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, error: UNREACHABLE };
  }
  signInOn(response);
  return readJson<T>(response);
}

/**
 * Asks as a stream of server-sent events: `onProgress` for each progress event, then the
 * answer. A server or proxy that answers plain JSON is read as the answer itself.
 */
export async function askStreaming(body: AskRequest, onProgress: (e: AskProgress) => void): Promise<ApiResult<AskRun>> {
  let response: Response;
  try {
    response = await fetch('/api/agent-runs', {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', ...backgroundHeader() },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, error: UNREACHABLE };
  }
  signInOn(response);
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || response.body === null) return readJson<AskRun>(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null') as unknown;
      if (name === 'progress') onProgress(data as AskProgress);
      if (name === 'answer') return { ok: true, value: data as AskRun };
      if (name === 'error')
        return { ok: false, error: { status: 500, code: 'INTERNAL_ERROR', message: (data as AskStreamError | null)?.message ?? 'The Ask failed.', body: {} } };
    }
  }
  return {
    ok: false,
    error: { status: 0, code: 'STREAM_ENDED', message: 'The answer stream ended before the answer; the server may have stopped.', body: {} },
  };
}

/** Reads `path` once per change of `path`: the value, or the failure's message. */
export function useResource<T>(path: string, generation = 0): { value?: T; failure?: string } {
  const [state, setState] = useState<{ value?: T; failure?: string }>({});
  // `generation` reads the resource again when something it depends on changed (a persona).
  useEffect(() => {
    setState({});
    void api<T>(path).then((r) => setState(r.ok ? { value: r.value } : { failure: r.error.message }));
  }, [path, generation]);
  return state;
}
