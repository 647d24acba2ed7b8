/**
 * The part of Starlark that routing "attrs" expressions use (app/router/condition.go:281 wraps the
 * expression as `satisfied=(...)` and evaluates it with `attrs`, a dict of string to string):
 * string literals, attrs[...], attrs.get(key[, default]), .startswith/.endswith, ==, !=, in, not in, and, or, not,
 * parentheses. Anything else is reported as unsupported (the trace shows the rule as undecided).
 */

type Tok = {t: 'str' | 'id' | 'op'; v: string};
type Val = string | boolean | null;

function tokens(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] ?? '';
    if (/\s/.test(c)) { i++; continue; }
    if (c === '"' || c === "'") {
      let j = i + 1, s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\') { j++; s += src[j] ?? ''; } else s += src[j] ?? '';
        j++;
      }
      if (j >= src.length) throw new Error('unterminated string');
      out.push({t: 'str', v: s});
      i = j + 1;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (two === '==' || two === '!=') { out.push({t: 'op', v: two}); i += 2; continue; }
    if ('()[].,'.includes(c)) { out.push({t: 'op', v: c}); i++; continue; }
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (!m) throw new Error(`unsupported character ${c}`);
    out.push({t: 'id', v: m[0]});
    i += m[0].length;
  }
  return out;
}

export function evalAttrs(code: string, attrs: Record<string, string>): boolean {
  const toks = tokens(code);
  let p = 0;
  const peek = (): Tok | undefined => toks[p];
  const eat = (v: string): void => {
    if (peek()?.v !== v) throw new Error(`expected ${v}`);
    p++;
  };
  const truth = (v: Val): boolean => v !== null && v !== false && v !== '';
  const or = (): Val => {
    let l = and();
    while (peek()?.t === 'id' && peek()?.v === 'or') { p++; const r = and(); l = truth(l) ? l : r; }
    return l;
  };
  const and = (): Val => {
    let l = not();
    while (peek()?.t === 'id' && peek()?.v === 'and') { p++; const r = not(); l = truth(l) ? r : l; }
    return l;
  };
  const not = (): Val => {
    if (peek()?.t === 'id' && peek()?.v === 'not') { p++; return !truth(not()); }
    return cmp();
  };
  const cmp = (): Val => {
    const l = postfix();
    const t = peek();
    if (t?.v === '==') { p++; return l === postfix(); }
    if (t?.v === '!=') { p++; return l !== postfix(); }
    if (t?.t === 'id' && t.v === 'in') { p++; const r = postfix(); return typeof r === 'string' && typeof l === 'string' && r.includes(l); }
    if (t?.t === 'id' && t.v === 'not' && toks[p + 1]?.v === 'in') { p += 2; const r = postfix(); return !(typeof r === 'string' && typeof l === 'string' && r.includes(l)); }
    return l;
  };
  const postfix = (): Val => {
    let v = primary();
    for (;;) {
      const t = peek();
      if (t?.v === '[') {
        p++;
        const key = or();
        eat(']');
        if (v !== ATTRS) throw new Error('indexing is supported on attrs only');
        if (typeof key !== 'string' || !(key in attrs)) throw new Error(`key ${String(key)} not in attrs`); // Starlark: KeyError
        v = attrs[key] ?? null;
      } else if (t?.v === '.') {
        p++;
        const name = peek();
        if (name?.t !== 'id') throw new Error('expected a method name');
        p++;
        eat('(');
        const args: Val[] = [or()];
        while (peek()?.v === ',') { p++; args.push(or()); }
        eat(')');
        const [arg, fallback = null] = args;
        if (v === ATTRS) {
          // Starlark dict.get(key, default=None): the value, or the default when the key is absent
          if (name.v !== 'get' || args.length > 2) throw new Error(`unsupported method ${name.v} on attrs`);
          if (typeof arg !== 'string') throw new Error('attrs keys are strings');
          v = arg in attrs ? attrs[arg] ?? null : fallback;
          continue;
        }
        if (typeof v !== 'string' || typeof arg !== 'string' || args.length !== 1) throw new Error('string methods only');
        if (name.v === 'startswith') v = v.startsWith(arg);
        else if (name.v === 'endswith') v = v.endsWith(arg);
        else throw new Error(`unsupported method ${name.v}`);
      } else {
        return v;
      }
    }
  };
  const ATTRS = '\u0000attrs';
  const primary = (): Val => {
    const t = peek();
    if (!t) throw new Error('unexpected end');
    p++;
    if (t.t === 'str') return t.v;
    if (t.v === '(') { const v = or(); eat(')'); return v; }
    if (t.t === 'id' && t.v === 'attrs') return ATTRS;
    if (t.t === 'id' && t.v === 'True') return true;
    if (t.t === 'id' && t.v === 'False') return false;
    if (t.t === 'id' && t.v === 'None') return null;
    throw new Error(`unsupported token ${t.v}`);
  };
  const v = or();
  if (p !== toks.length) throw new Error('unexpected trailing input');
  return truth(v);
}
