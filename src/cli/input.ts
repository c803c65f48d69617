import { readFileSync } from 'node:fs';

/** A file or standard input that could not be read or is not JSON: reported as one line, exit status 1. */
export class InputError extends Error {}

/** Text on one line of at most `max` characters: control characters and runs of spaces become one space. */
export function oneLine(text: string, max = 300): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
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
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read ${source}: ${readProblem(e)}`);
  }
  return parseJson(text, source);
}
