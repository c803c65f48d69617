#!/usr/bin/env node
import { isatty } from 'node:tty';
import { oneLine, readStdin } from './input.js';
import { run } from './main.js';

/** One line on stderr and exit status 1, for what escapes `run` (it should be nothing). */
function fail(e: unknown): never {
  process.stderr.write(`taxrules: ${oneLine(e instanceof Error ? e.message : String(e))}\n`);
  process.exit(1);
}

// A reader that stops early (`taxrules tax-codes | head -1`) closes the pipe: the output
// ends there, as for any Unix tool, without a trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' ? process.exit(process.exitCode ?? 0) : fail(e)));
process.on('uncaughtException', fail);

run(process.argv.slice(2), {
  out: (s) => process.stdout.write(`${s}\n`),
  err: (s) => process.stderr.write(`${s}\n`),
  stdin: { isTTY: isatty(0), read: readStdin },
  stderr: { isTTY: isatty(2), write: (s) => process.stderr.write(s) },
}).then((code) => {
  process.exitCode = code;
}, fail);
