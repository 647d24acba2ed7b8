// Inputs that once stalled or crashed the checker, each up to the page's 1 MB limit.
// Used by the unit tests (answered at all, with the right message) and worst-case.mjs (how fast).
const MB = 1024 * 1024;

/** @returns {Record<string, string>} */
export function worstCases() {
  const mistakes = Array.from({length: 10_000}, (_, i) => `    {"protocl": "socks", "port": ${70000 + i}, "tag": "in-${i}"}`);
  const keys = [];
  for (let i = 0, length = 0; length < MB - 100; i += 1) { keys.push(`"unknownKey${i}": ${i}`); length += keys[i].length + 1; }
  const ports = Array.from({length: 20_000}, (_, i) => `{"protocol": "socks", "port": "p${i}"}`);
  return {
    'nested arrays 5,000': `${'['.repeat(5000)}${']'.repeat(5000)}`,
    'nested arrays to 1 MB': `${'['.repeat(MB / 2 - 1)}${']'.repeat(MB / 2 - 1)}`,
    'nested objects 5,000': `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    '500,000-char enum value': `{"log": {"loglevel": "${'x'.repeat(500_000)}"}}`,
    '500,000-char key': `{"${'k'.repeat(500_000)}": 1}`,
    '1 MB protocol value': `{"inbounds": [{"protocol": "${'s'.repeat(MB - 40)}", "port": 1}]}`,
    '10,000 mistakes (557 KB)': `{\n  "inbounds": [\n${mistakes.join(',\n')}\n  ]\n}`,
    '1 MB of unknown keys': `{${keys.join(',')}}`,
    '20,000 bad ports on one line': `{"inbounds": [${ports.join(',')}]}`,
    '1 MB of syntax errors': `{${'"a" 1 '.repeat(MB / 7)}}`,
    '1 MB of commas': `[${','.repeat(MB - 2)}]`,
    // once quadratic: the errors under one anyOf were matched with Array.includes
    '100,000 wrong items under one anyOf': `{"routing": {"rules": [{"type": "field", "outboundTag": "a", "domain": [${Array(100_000).fill('1').join(',')}]}]}}`,
    // keys named after Object.prototype members: no inherited schema or removal note
    'Object.prototype keys': '{"inbounds": [{"protocol": "socks", "port": 1, "constructor": 1, "streamSettings": {"security": "tls", "tlsSettings": {"toString": 2}}}], "outbounds": [{"protocol": "freedom", "valueOf": {}}]}',
  };
}
