/**
 * Comments as the toolkit's JSON reader removes them (v2ray-core infra/conf/json/reader.go):
 * `// …` and `# …` to the end of the line, and `/* … *\/`, outside double- and single-quoted
 * strings. Here they become spaces instead, newlines kept, so every offset of the result is the
 * offset of the same character in the text the reader typed or pasted.
 */
export function blankComments(text: string): string {
  const out = text.split('');
  type State = 'content' | 'double' | 'single' | 'line' | 'block';
  let state: State = 'content';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    switch (state) {
      case 'content':
        if (c === '"') state = 'double';
        else if (c === "'") state = 'single';
        else if (c === '\\') i += 1;
        else if (c === '#') { state = 'line'; out[i] = ' '; }
        else if (c === '/' && text[i + 1] === '/') { state = 'line'; out[i] = ' '; out[i + 1] = ' '; i += 1; }
        else if (c === '/' && text[i + 1] === '*') { state = 'block'; out[i] = ' '; out[i + 1] = ' '; i += 1; }
        break;
      case 'double':
      case 'single':
        if (c === '\\') i += 1;
        else if (c === (state === 'double' ? '"' : "'")) state = 'content';
        break;
      case 'line':
        if (c === '\n') state = 'content';
        else out[i] = ' ';
        break;
      case 'block':
        if (c === '*' && text[i + 1] === '/') { out[i] = ' '; out[i + 1] = ' '; i += 1; state = 'content'; }
        else if (c !== '\n') out[i] = ' ';
        break;
    }
  }
  return out.join('');
}
