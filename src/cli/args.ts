import { didYouMean } from './suggest.js';

/** A flag of a command: `--name VALUE`, or a switch when `value` is absent. */
export interface FlagSpec {
  readonly name: string;
  /** What the value stands for in the usage (`CC`, `FILE`); absent for a switch. */
  readonly value?: string;
}

/** The command line after the command's name. */
export interface ParsedArgs {
  positional: string[];
  /** Each flag given, by name: its value, or `true` for a switch. A flag given twice keeps its last value. */
  flags: Map<string, string | true>;
  help: boolean;
  version: boolean;
  /** The first thing wrong with the command line, or `null`. */
  problem: string | null;
}

/**
 * Reads arguments against a command's flags. Unknown flags are refused, not ignored. The
 * parse goes on after a problem so that a `--help` anywhere still wins: someone who typed
 * a wrong flag and asks for help gets help. `--` ends the flags; `-` alone is an argument
 * (standard input). A flag's value is the next argument unless that one starts with `--`
 * (then the value is missing); `--name=value` gives any value, such as `--amount=-5`. An
 * unknown flag is refused naming the flags meant (`--amout`, `-amount`: did you mean --amount?).
 */
export function parseArgs(argv: readonly string[], specs: readonly FlagSpec[]): ParsedArgs {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const names = specs.map((s) => s.name);
  const parsed: ParsedArgs = { positional: [], flags: new Map(), help: false, version: false, problem: null };
  const refuse = (problem: string): void => {
    parsed.problem ??= problem;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      parsed.positional.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h' || arg === '--help') parsed.help = true;
    else if (arg === '-V' || arg === '--version') parsed.version = true;
    else if (arg.length < 2 || !arg.startsWith('-')) parsed.positional.push(arg);
    else if (!arg.startsWith('--')) refuse(`unknown flag ${arg}${didYouMean(arg.slice(1).split('=')[0] ?? '', names, '--')}`);
    else {
      const eq = arg.indexOf('=');
      const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      const spec = byName.get(name);
      if (!spec) refuse(`unknown flag --${name}${didYouMean(name, names, '--')}`);
      else if (spec.value === undefined) {
        if (eq < 0) parsed.flags.set(name, true);
        else refuse(`--${name} takes no value`);
      } else if (eq >= 0) parsed.flags.set(name, arg.slice(eq + 1));
      else {
        const value = argv[i + 1];
        if (value === undefined || value.startsWith('--')) refuse(`--${name} needs a value (${spec.value})`);
        else {
          parsed.flags.set(name, value);
          i++;
        }
      }
    }
  }
  return parsed;
}

/** A command line that is not one: reported with the usage, exit status 2. */
export class UsageError extends Error {}
