/**
 * A command of the command line: what it reads and writes (`CliIO`), its arguments, flags and
 * help, and the help's layout.
 */
import type { FlagSpec } from './args.js';

/** Where the command writes, and what it reads besides files. */
export interface CliIO {
  /** Standard output; each call is one or more whole lines. */
  out(text: string): void;
  /** Standard error; each call is one or more whole lines. */
  err(text: string): void;
  /** Standard input: whether it is a terminal, and all of it as text (MAX_INPUT_BYTES at most: more is refused). Absent: there is none. */
  stdin?: { isTTY: boolean; read(): Promise<string> };
  /** The working directory: relative paths are read from it, and a git ref names a commit of its repository. Default: the process's. */
  cwd?: string;
  /**
   * Standard error as a stream, for progress rewritten in place (`diff`): shown only when
   * `isTTY`, as someone watches, never into a pipe or a file. Absent: no progress.
   */
  stderr?: { isTTY: boolean; write(text: string): void };
}

export type Flags = ReadonlyMap<string, string | true>;

export interface Command {
  name: string;
  /** Arguments and flags as the usage shows them. */
  synopsis: string;
  summary: string;
  /** How many arguments, and what to say when the count is wrong. */
  args: { min: number; max: number; names: string; hint?: string };
  flags: readonly FlagSpec[];
  /** The command's own help (`taxrules COMMAND --help`): what it does and reads, its flags, an example. */
  help: readonly string[];
  run(args: string[], flags: Flags, io: CliIO): number | Promise<number>;
}

/** A flag and its description, the description wrapped in a column of its own. */
export function describedLines(head: string, text: string, width = 78): string[] {
  const indent = ' '.repeat(30);
  const lines: string[] = [];
  let line = head.length < indent.length ? head.padEnd(indent.length) : head;
  if (line === head) {
    lines.push(line);
    line = indent;
  }
  let empty = true;
  for (const word of text.split(' ')) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line += (empty ? '' : ' ') + word;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** A value as the command line prints JSON: indented, bigints as text. */
export const json = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);
