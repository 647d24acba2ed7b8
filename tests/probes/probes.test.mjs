// The pure parts of the probes suite: reading command.md's sections and flag lists, reading
// v2ray help's command lists and flag names, and finding a page's English twin.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {helpFlags, listedCommands, pageCommands} from './commands.mjs';
import {enTwin} from './pages.mjs';
import {allProbes} from './probes.mjs';

test('pageCommands: headings become commands, the leading flag list of each item its flags, in both languages', () => {
  const page = [
    '## 参数的写法 {#flag-syntax}', '- `-x`：not a command section', '',
    '## v2ray api log', '- `-s`、`-server`：字符串', '- `-t`, `-timeout`: integer', 'A sentence naming `-json` in prose.',
    '## v2ray engineering convertpb', '- `-c`、`-config`：字符串，可重复',
    '## HelpTopics', '- `format-loader`：…',
  ].join('\n');
  const commands = pageCommands(page);
  assert.deepEqual([...commands.keys()], ['api log', 'engineering convertpb']);
  assert.deepEqual([...(commands.get('api log') ?? [])], ['-s', '-server', '-t', '-timeout']);
  assert.deepEqual([...(commands.get('engineering convertpb') ?? [])], ['-c', '-config']);
});

test('listedCommands: the names under "The commands are:" and "Additional help topics:"', () => {
  const help = 'Usage:\n\n\tv2ray <command> [arguments]\n\nThe commands are:\n\n\trun           run V2Ray\n\tapi           call V2Ray API\n\n'
    + 'Use "v2ray help <command>" for more.\n\nAdditional help topics:\n\n\tconfig-merge  config merge logic\n\nUse "v2ray help <topic>".\n';
  assert.deepEqual(listedCommands(help), ['run', 'api', 'config-merge']);
});

test('helpFlags: single and double dashes, with and without values, in usage lines and argument lists', () => {
  const flags = helpFlags('usage: v2ray api log [--server=127.0.0.1:8080]\n\nArguments:\n\n    -restart \n        Restart\n\n    -s, -server <server:port>\n');
  for (const f of ['-server', '-restart', '-s']) assert.ok(flags.has(f), f);
  assert.ok(!flags.has('-json'));
  assert.ok(!helpFlags('the v2ray-core tree').has('-core'), 'a dash inside a word is no flag');
});

test('enTwin: v4 and v5 pages', () => {
  assert.equal(enTwin('docs/config/inbounds.md'), 'i18n/en/docusaurus-plugin-content-docs/current/config/inbounds.md');
  assert.equal(enTwin('versioned_docs/v5/config/router.md'), 'i18n/en/docusaurus-plugin-content-docs-v5/current/config/router.md');
});

test('every probe has a unique id and names its page sentence in both languages (the control probe excepted)', () => {
  const probes = allProbes();
  assert.equal(new Set(probes.map((p) => p.id)).size, probes.length);
  for (const p of probes) {
    if (/control/.test(p.id)) continue;
    assert.ok(p.claims.length > 0, p.id);
    for (const c of p.claims) assert.ok(c.zh && c.en && c.file, p.id);
  }
});
