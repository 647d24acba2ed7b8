// @ts-check
/**
 * The command line of the scripts and test runners, read with node:util's parseArgs: `--name
 * VALUE` options and `--name` flags, nothing else. An unknown option, an option without its value
 * or a stray argument is an error naming it and the options the command takes (a typo must not
 * silently run something else).
 */
import {parseArgs} from 'node:util';

/** @typedef {Record<string, {type: 'string' | 'boolean'}>} Options */

/** `--out VALUE --keep`: what a command takes, for its error messages. @param {Options} options */
const usage = (options) => Object.entries(options).map(([name, o]) => (o.type === 'string' ? `--${name} VALUE` : `--${name}`)).join(' ');

/**
 * The options given, or an Error whose message starts with `command:`.
 * @template {Options} O
 * @param {string} command @param {O} options @param {string[]} argv
 */
export function parseOptions(command, options, argv) {
  try {
    return parseArgs({args: argv, options, strict: true, allowPositionals: false}).values;
  } catch (e) {
    const {code, message} = /** @type {Error & {code?: string}} */ (e);
    const name = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new Error(`${command}: unknown option ${name} (options: ${usage(options)})`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new Error(`${command}: ${name} ${/argument missing|ambiguous/.test(message) ? 'needs a value' : 'takes no value'}`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new Error(`${command}: unexpected argument ${/'([^']*)'/.exec(message)?.[1]} (options: ${usage(options)})`);
    throw e;
  }
}

/**
 * parseOptions on this process's command line; on an error it prints the message and exits 2.
 * @template {Options} O
 * @param {string} command @param {O} options
 */
export function commandOptions(command, options) {
  try {
    return parseOptions(command, options, process.argv.slice(2));
  } catch (e) {
    console.error(/** @type {Error} */ (e).message);
    process.exit(2);
  }
}
