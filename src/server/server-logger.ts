/**
 * The server's log: pino (the logger fastify ships with) at level info, one record per request
 * with its id (`reqId`, the same id the host hooks see), and svc's own lines as warn, or error
 * when they carry a failure reference. Nothing a person asked, no SQL value and no secret is
 * written: the question, SQL and parameters are censored wherever they sit in a record, a
 * request's query string is dropped from its URL, credentials in headers and connection URLs are
 * blanked, and SQL string literals in free text (an engine's error message) are blanked too.
 * `json` writes one object a line for a collector; `pretty` is a short built-in formatter for a
 * terminal (pino-pretty would add a dependency and a worker thread for a few lines of layout).
 */
import { Writable } from 'node:stream';
import { type Logger, pino } from 'pino';
import { currentContext } from './request-scope.js';

export type LogFormat = 'json' | 'pretty';

const CENSOR = '[redacted]';

/** Record paths pino censors: secrets, the question, SQL and its parameter values. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'req.headers["x-svc-token"]',
  'req.headers["x-api-key"]',
  ...['question', 'sql', 'params', 'password', 'token', 'secret'].flatMap((key) => [key, `*.${key}`]),
];

/** A free-text line with SQL string literals and credentials blanked. */
export function redactText(line: string): string {
  return (
    line
      // An apostrophe inside a word (it's, the block's) opens no literal.
      .replace(/(?<![A-Za-z])'(?:[^']|'')*'(?![A-Za-z])/g, `'${CENSOR}'`)
      .replace(/\/\/([^:/@\s]+):([^@\s]+)@/g, `//$1:${CENSOR}@`)
      .replace(/\b(password|pwd|token|secret|api[_-]?key)=([^\s&;]+)/gi, `$1=${CENSOR}`)
  );
}

interface RequestLike {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  id?: string;
}

/** What a request record says of the request: never its query string, body or headers. */
function requestSerializer(req: RequestLike): Record<string, unknown> {
  const [path, query] = (req.url ?? '').split('?', 2);
  return { method: req.method, url: query === undefined ? path : `${path}?${CENSOR}`, remoteAddress: req.ip };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One JSON record as a terminal line: time, level, request id, message, then the request's facts. */
export function prettyLine(record: Record<string, unknown>): string {
  const time = typeof record['time'] === 'string' ? record['time'].slice(11, 23) : '';
  const level = (LEVELS[Number(record['level'])] ?? 'INFO').padEnd(5);
  const reqId = typeof record['reqId'] === 'string' ? ` [${record['reqId'].slice(0, 8)}]` : '';
  const req = record['req'] as { method?: string; url?: string } | undefined;
  const res = record['res'] as { statusCode?: number } | undefined;
  const facts = [
    req ? `${req.method} ${req.url}` : '',
    res?.statusCode !== undefined ? String(res.statusCode) : '',
    typeof record['responseTime'] === 'number' ? `${record['responseTime'].toFixed(1)} ms` : '',
  ]
    .filter((f) => f !== '')
    .join(' ');
  return `${time} ${level}${reqId} ${String(record['msg'] ?? '')}${facts === '' ? '' : ` (${facts})`}\n`;
}

/** A stream that turns pino's JSON lines into pretty lines on `out`. */
function prettyStream(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        try {
          out.write(prettyLine(JSON.parse(line) as Record<string, unknown>));
        } catch {
          out.write(`${line}\n`);
        }
      }
      done();
    },
  });
}

/** The server's logger in `format`, writing to `out` (default stderr). */
export function createServerLogger(format: LogFormat, out: NodeJS.WritableStream = process.stderr): Logger {
  const options = {
    level: 'info',
    base: { service: 'svc' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    serializers: { req: requestSerializer, err: pino.stdSerializers.err },
  };
  return pino(options, format === 'json' ? out : prettyStream(out));
}

/** svc's line log on `logger`: a line with a failure reference (`[ref]`) is an error, others warnings; the request's id is kept. */
export function lineLogger(logger: Logger): (line: string) => void {
  return (line) => {
    const context = currentContext();
    const fields = context === undefined ? {} : { reqId: context.requestId };
    const text = redactText(line);
    if (/^(svc[\w ]*: )?\[[^\]]+\]/.test(line)) logger.error(fields, text);
    else logger.warn(fields, text);
  };
}

let fallback: ((line: string) => void) | undefined;

/** The log of a server built without one: pretty lines on stderr, made on first use. */
export function defaultLog(line: string): void {
  fallback ??= lineLogger(createServerLogger('pretty'));
  fallback(line);
}
