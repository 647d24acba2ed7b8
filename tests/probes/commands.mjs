// docs/guide/command.md (and its English twin) against the binary's own help: every command the
// page gives a heading (`## v2ray api log`) must have help of its own, every flag it lists
// (`- \`-s\`、\`-server\`：…`) must appear in that help, and every command and help topic the
// help lists must be on the page. A command whose help lists no flags at all (the engineering
// commands print only a usage line) has its flags checked by the binary instead: `-flag=1 -h`
// stops at -h without running anything, and says "flag provided but not defined" for a flag the
// command does not have.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileFor} from '../../builder/content/files.mjs';
import {runCommand} from '../toolkit/processes.mjs';

export const COMMAND_PAGES = {zh: fileFor('/guide/command', 'zh'), en: fileFor('/guide/command', 'en')};

/**
 * The commands (heading words after `v2ray`) and the flags listed under each.
 * @param {string} text @returns {Map<string, Set<string>>}
 */
export function pageCommands(text) {
  /** @type {Map<string, Set<string>>} */
  const commands = new Map();
  /** @type {Set<string> | null} */
  let current = null;
  for (const line of text.split('\n')) {
    const heading = /^## v2ray ([\w -]+?)\s*$/.exec(line);
    if (heading) { current = new Set(); commands.set(/** @type {string} */ (heading[1]), current); continue; }
    if (/^## /.test(line)) { current = null; continue; }
    const item = /^- ((?:`-[\w-]+`(?:、|, )?)+)/.exec(line);
    if (current && item) for (const f of /** @type {string} */ (item[1]).matchAll(/`(-[\w-]+)`/g)) current.add(/** @type {string} */ (f[1]));
  }
  return commands;
}

/** The names a help text lists under "The commands are:" (and the topics under "Additional help topics:"). @param {string} help */
export function listedCommands(help) {
  const names = [];
  let inList = false;
  for (const line of help.split('\n')) {
    if (/^(The commands are|Additional help topics):/.test(line)) { inList = true; continue; }
    if (inList && /^\t(\S+)/.test(line)) names.push(/** @type {string} */ (/^\t(\S+)/.exec(line)?.[1]));
    else if (inList && line.trim() && !/^\t/.test(line)) inList = false;
  }
  return names;
}

/** The flags a help text names (`-s`, `--server=…`, `-r`), without leading dashes doubled. @param {string} help */
export const helpFlags = (help) => new Set([...help.matchAll(/(?:^|[\s[,(])--?([A-Za-z][\w-]*)/g)].map((m) => `-${m[1]}`));

/**
 * Compares both language pages with the binary's help. Returns the disagreements (empty when
 * none) and how many commands and flags were checked.
 * @param {string} bin @param {string} root
 */
export async function checkCommandPage(bin, root) {
  /** @type {Map<string, string>} */
  const helps = new Map();
  const help = async (/** @type {string} */ words) => {
    if (!helps.has(words)) helps.set(words, (await runCommand(bin, ['help', ...words.split(' ').filter(Boolean)], {timeoutMs: 10_000})).output);
    return /** @type {string} */ (helps.get(words));
  };
  const problems = [];
  let flags = 0;
  // what the help lists: top level, and the groups api, tls, engineering
  const expected = [];
  for (const name of listedCommands(await help(''))) {
    if (name === 'api' || name === 'tls') {
      for (const sub of listedCommands(await help(name))) expected.push(`${name} ${sub}`);
    } else expected.push(name);
  }
  for (const sub of listedCommands(await help('engineering'))) expected.push(`engineering ${sub}`);
  const topics = new Set(['config-merge', 'format-loader']);
  for (const [lang, file] of Object.entries(COMMAND_PAGES)) {
    const text = readFileSync(join(root, file), 'utf8');
    const onPage = pageCommands(text);
    for (const name of expected) {
      if (topics.has(name)) {
        if (!text.includes(`\`${name}\``)) problems.push(`${file}: the help topic ${name} is not on the page`);
      } else if (!onPage.has(name)) problems.push(`${file}: \`v2ray ${name}\` is in v2ray help but has no "## v2ray ${name}" section`);
    }
    for (const [name, listed] of onPage) {
      const own = await help(name);
      if (/unknown (help topic|command)/.test(own)) { problems.push(`${file} (${lang}): \`v2ray ${name}\` is not a command of this binary (${own.trim().split('\n')[0]})`); continue; }
      const named = helpFlags(own);
      const hasFlagList = /^(Arguments|Options):/m.test(own);
      for (const flag of listed) {
        flags++;
        if (named.has(flag)) continue;
        if (hasFlagList) { problems.push(`${file}: \`v2ray ${name}\` lists ${flag}, which its help does not name`); continue; }
        const r = await runCommand(bin, [...name.split(' '), `${flag}=1`, '-h'], {timeoutMs: 5000});
        if (/flag provided but not defined/.test(r.output) || r.timedOut) problems.push(`${file}: \`v2ray ${name}\` does not take ${flag}`);
      }
    }
  }
  return {problems, commands: expected.length, flags};
}
