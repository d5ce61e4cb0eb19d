import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pino, { type DestinationStream } from 'pino';

/**
 * Request logging: ONE line per request at info (method, url with query secrets masked, route, status, ms),
 * never bodies or headers, and nothing for the health checks (polled every few seconds by the platform).
 * It replaces Fastify's own two lines per request (with the whole req/res) through its LogController hook.
 */
const QUIET = new Set(['/healthz', '/readyz']);
/** A health check (polled every few seconds by the platform): no log line, no span. */
export const isHealthCheck = (url: string) => QUIET.has(pathOf(url));

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMS =
  /([?&](?:token|access_token|refresh_token|id_token|code|pin|password|secret|key|signature|sig|otp|session_state)=)[^&#]*/gi;

/** A request url's path (the query cut off). */
export const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

export const maskUrl = (url: string) =>
  url.includes('?') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;

/** How long a line may wait in the buffer before it reaches stdout. */
export const LOG_FLUSH_MS = 250;

/**
 * stdout for the service's log, written in batches: pino's default writes every line with its own system call (one
 * per request). Lines collect until 4 KB or LOG_FLUSH_MS after the first of them, then go out in one synchronous
 * write from the event loop's thread (an asynchronous write from libuv's threads could interleave with another
 * writer of the same pipe, e.g. node's test runner). What is left is written when the process exits (SIGTERM's
 * process.exit, a fatal error, an uncaught exception): only a SIGKILL can lose the last LOG_FLUSH_MS of lines.
 */
class BatchedStdout {
  private readonly out = pino.destination({ dest: 1, sync: true, minLength: 4096 });
  private timer: NodeJS.Timeout | undefined;
  private readonly flushSoon = () => {
    this.timer = undefined;
    this.out.flush();
  };

  constructor() {
    process.on('exit', () => this.out.flushSync());
  }

  write(line: string): void {
    this.out.write(line);
    this.timer ??= setTimeout(this.flushSoon, LOG_FLUSH_MS).unref();
  }

  flushSync(): void {
    this.out.flushSync();
  }
}

let destination: BatchedStdout | undefined;
/** The process's one log destination, shared by every app built in it (two buffers on one pipe could interleave). */
export function logDestination(): DestinationStream & { flushSync(): void } {
  destination ??= new BatchedStdout();
  return destination;
}

/** pino options: service name on every line; credentials masked wherever they show up in logged objects. */
export function loggerOptions(service: string, level: string): FastifyServerOptions['logger'] {
  return {
    level,
    stream: logDestination(),
    base: { service },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'password',
        'token',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}

type Log = (...args: unknown[]) => void;
type ChildArgs = Parameters<FastifyBaseLogger['child']>;

/**
 * `request.log` made when something logs through it, not for every request: Fastify makes each request a child
 * logger carrying its id (pino serialises the bindings, the redaction included), and a request that goes well
 * logs nothing through it (its one line is the request line, written apart). Same child, same lines, when used.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly args: ChildArgs,
  ) {}
  private get log(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(...this.args));
  }
  get level(): string {
    return this.made?.level ?? this.args[1]?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.log.level = level;
  }
  fatal(...a: unknown[]) {
    (this.log.fatal as Log)(...a);
  }
  error(...a: unknown[]) {
    (this.log.error as Log)(...a);
  }
  warn(...a: unknown[]) {
    (this.log.warn as Log)(...a);
  }
  info(...a: unknown[]) {
    (this.log.info as Log)(...a);
  }
  debug(...a: unknown[]) {
    (this.log.debug as Log)(...a);
  }
  trace(...a: unknown[]) {
    (this.log.trace as Log)(...a);
  }
  silent() {}
  child(...a: ChildArgs): FastifyBaseLogger {
    return this.log.child(...a);
  }
}

/** Fastify's childLoggerFactory: request.log as a LazyRequestLogger. */
export const lazyRequestLogger = (logger: FastifyBaseLogger, ...args: ChildArgs): FastifyBaseLogger =>
  new LazyRequestLogger(logger, args) as unknown as FastifyBaseLogger;

/**
 * The writer of the request line: pino's JSON shape (level, time, service, the fields, msg) put together by hand
 * and written to the service's log destination. pino made the same line through its generic object path, and with
 * its redaction walked every field of every line for the wildcard paths (`*.token`); the line has nothing to redact:
 * plain values, the url's secret parameters masked (maskUrl). Strings that come from the request are JSON-escaped.
 */
const LEVELS: Record<string, number> = pino.levels.values;

export class RequestLine {
  private readonly head = `{"level":${LEVELS.info},"time":`;
  private readonly service: string;
  /** Whether the service's level lets info lines through. */
  readonly on: boolean;

  constructor(
    service: string,
    level: string,
    private readonly out: { write(line: string): void } = logDestination(),
  ) {
    this.service = `,"service":${JSON.stringify(service)}`;
    this.on = (LEVELS[level] ?? Infinity) <= LEVELS.info!;
  }

  write(reqId: string, method: string, url: string, route: string | undefined, status: number, ms: number) {
    const r = route === undefined ? '' : `,"route":${JSON.stringify(route)}`;
    this.out.write(
      `${this.head}${Date.now()}${this.service},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},` +
        `"url":${JSON.stringify(url)}${r},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  }
}

/** Fastify's per-request log lines, replaced: nothing when a request comes in, one line when it is answered. */
export class RequestLogController extends LogController {
  constructor(private readonly line: RequestLine) {
    super({ disableRequestLogging: (request) => isHealthCheck(request.url) });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    _error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return; // the base class checks this itself; an override must too
    // request.log's level, as Fastify's own line would (a route's logLevel); above info (silent too) writes nothing
    if (!this.line.on || (LEVELS[request.log.level] ?? Infinity) > LEVELS.info!) return;
    this.line.write(
      String(request.id),
      request.method,
      maskUrl(request.url),
      request.routeOptions.url,
      reply.statusCode,
      Math.round(reply.elapsedTime * 10) / 10,
    );
  }
}
