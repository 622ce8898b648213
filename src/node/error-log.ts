import { write } from 'node:fs';

/** Longest error text in a log line, in characters (the rest is cut and counted). */
const MAX_ERROR_CHARS = 1_000;

/** What a handler's `onError` receives about the request. */
export interface ErroredRequest {
  readonly method: string;
  readonly pathname: string;
}

/** The error in one line of at most {@link MAX_ERROR_CHARS} characters; never throws. */
function errorText(error: unknown): string {
  let text: string;
  try {
    text = String(error);
  } catch {
    text = 'an error that cannot be printed';
  }
  text = text.replace(/[\r\n]+/g, ' ');
  return text.length <= MAX_ERROR_CHARS
    ? text
    : `${text.slice(0, MAX_ERROR_CHARS)}... (${text.length - MAX_ERROR_CHARS} more characters)`;
}

/**
 * An `onError` for `createHandler` that logs each internal error (a 500) as one line on a file
 * descriptor, stderr by default, and can neither stop the server nor hold an unbounded backlog: the
 * line is written off the main thread (`fs.write`), one at a time; errors arriving while a line is
 * still being written are counted, and the count is logged with the next line; a write that fails
 * (`EPIPE` when nothing reads the log any more, `EAGAIN` when its pipe is full) is dropped. Writing
 * with `process.stderr.write` instead stops the process at the first line after the log's reader has
 * gone (`EPIPE` is an unhandled `'error'` event: requests in flight lose their connection), and keeps
 * every line in memory while the reader stalls. `finplan serve` logs with it.
 *
 * @example
 * ```ts
 * import { createHandler } from 'finplan/http';
 * import { createErrorLog, createNodeServer } from 'finplan/node';
 * createNodeServer(createHandler({ apiKeys: ['secret'], onError: createErrorLog() })).listen(8080);
 * ```
 */
export function createErrorLog(fd = 2): (error: unknown, request: ErroredRequest) => void {
  if (!(Number.isInteger(fd) && fd >= 0)) throw new RangeError('fd must be an integer >= 0');
  let writing = false;
  let unlogged = 0;
  return (error, request) => {
    if (writing) {
      unlogged++;
      return;
    }
    let line = `finplan: internal error on ${request.method} ${request.pathname}: ${errorText(error)}\n`;
    if (unlogged > 0) {
      line = `finplan: ${unlogged} more internal errors not logged (the log was busy)\n${line}`;
      unlogged = 0;
    }
    writing = true;
    write(fd, line, () => {
      writing = false;
    });
  };
}
