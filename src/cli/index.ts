import { run } from './main.js';

process.exitCode = run(
  process.argv.slice(2),
  (s) => process.stdout.write(`${s}\n`),
  (s) => process.stderr.write(`${s}\n`),
);
