import { closeSync, createReadStream, openSync, readSync } from 'node:fs';

/** A file or standard input that could not be read or is not JSON: reported as one line, exit status 1. */
export class InputError extends Error {}

/**
 * The most the command line reads of a file or of standard input: 50 MB (50 × 2²⁰ bytes).
 * Reading stops as soon as an input passes it (`/dev/zero` is refused at once, not read
 * until memory runs out).
 */
export const MAX_INPUT_BYTES = 50 * 1024 * 1024;

/** An input longer than {@link MAX_INPUT_BYTES}, as the error its reader throws. */
export class InputTooLarge extends Error {
  constructor() {
    super(`it is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MB, the most taxrules reads`);
  }
}

/** All of a file descriptor, read in chunks up to the cap; an {@link InputTooLarge} once past it. */
export function readCapped(fd: number): Buffer {
  const max = MAX_INPUT_BYTES;
  let buffer = Buffer.allocUnsafe(64 * 1024);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.min(buffer.length * 2, max + 1));
      buffer.copy(bigger, 0, 0, length);
      buffer = bigger;
    }
    const n = readSync(fd, buffer, length, buffer.length - length, null);
    if (n === 0) return buffer.subarray(0, length);
    length += n;
    if (length > max) throw new InputTooLarge();
  }
}

/**
 * All of a stream (standard input) as text, up to the cap: the stream is left as soon as it
 * passes it, with an {@link InputTooLarge}.
 */
export async function readStreamCapped(stream: AsyncIterable<Uint8Array | string>): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    length += bytes.length;
    // Leaving the loop ends the stream: nothing more is read.
    if (length > MAX_INPUT_BYTES) throw new InputTooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, length).toString('utf8');
}

/**
 * All of standard input, up to the cap. Read through fs, not `process.stdin`, which ends
 * quietly when fd 0 cannot be read (a directory given as `< /`) instead of reporting the error.
 */
export function readStdin(): Promise<string> {
  return readStreamCapped(createReadStream('', { fd: 0, autoClose: false }));
}

/**
 * Text on one line of at most `max` characters: control characters and runs of spaces become
 * one space. A text cut short keeps its closing "; got …; did you mean …?", the part a reader needs
 * most: the middle (a long list of the values allowed) is what goes.
 */
export function oneLine(text: string, max = 600): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const meant = /(?:; got [^;]{1,80})?; did you mean [^;]{1,80}\?$/.exec(flat)?.[0] ?? '';
  return `${flat.slice(0, max - 1 - meant.length)}…${meant}`;
}

/** What went wrong reading a file or standard input, in words, from the system's error code. */
export function readProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return e instanceof Error ? e.message : String(e);
  }
}

/** JSON text parsed, or an {@link InputError} saying where the text came from (`the account file "a.json"`). */
export function parseJson(text: string, source: string): unknown {
  try {
    // A byte-order mark, as some editors on Windows write, is no JSON but no mistake either.
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new InputError(`${source} is not valid JSON: ${(e as Error).message}`);
  }
}

/** The JSON in a file; `what` names the file in messages (`account`, `request`). */
export function readJsonFile(file: string, what: string): unknown {
  const source = `the ${what} file ${JSON.stringify(file)}`;
  let text: string;
  try {
    const fd = openSync(file, 'r');
    try {
      text = readCapped(fd).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    throw new InputError(`cannot read ${source}: ${readProblem(e)}`);
  }
  return parseJson(text, source);
}
