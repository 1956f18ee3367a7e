/**
 * A stand-in for a cloud model: a real HTTP server on loopback speaking the OpenAI
 * chat-completions protocol (`POST /v1/chat/completions`). Replies are scripted per request, in
 * order (the last one repeats); every request is recorded (headers and parsed body) so a test
 * can assert what was sent, e.g. that no result row ever reached the model.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** A scripted reply: assistant text, or a raw HTTP answer (status and body) for failure cases. */
export type FakeReply = string | { status: number; body: string } | { delayMs: number; content: string };

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; messages?: Array<{ role: string; content: string }>; [k: string]: unknown };
  /** All message contents joined, for "was X sent" assertions. */
  text: string;
}

export interface FakeOpenAi {
  /** Base URL to put in `ask.provider.baseUrl` (ends in /v1). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replaces the script; replies are used in order and the last one repeats. */
  script(...replies: FakeReply[]): void;
  close(): Promise<void>;
}

function completion(content: string): string {
  return JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    model: 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 321, completion_tokens: 12, total_tokens: 333 },
  });
}

/** Wraps SQL the way chat models usually answer. */
export function sqlReply(sql: string): string {
  return `Here is the query:\n\n\`\`\`sql\n${sql}\n\`\`\`\n`;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let replies: FakeReply[] = [sqlReply('SELECT 1 AS one')];
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: RecordedRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'];
      } catch {
        // recorded as an empty body
      }
      const text = (body.messages ?? []).map((m) => m.content).join('\n');
      requests.push({ path: req.url ?? '', headers: req.headers, body, text });
      const reply = replies[Math.min(requests.length - 1, replies.length - 1)] ?? '';
      const send = (status: number, payload: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(payload);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(404, '{"error":"not found"}');
      if (typeof reply === 'string') return send(200, completion(reply));
      if ('status' in reply) return send(reply.status, reply.body);
      setTimeout(() => send(200, completion(reply.content)), reply.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...next) => {
      replies = next;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Points the project at `root` to the fake model as its local model (`ask.provider`). */
export function useFakeModel(root: string, fake: FakeOpenAi): void {
  const file = join(root, 'svc.config.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...config, ask: { provider: { kind: 'local', baseUrl: fake.baseUrl, model: 'fake' } } }));
}
