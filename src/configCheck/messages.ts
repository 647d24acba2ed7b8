/**
 * The checker's problem texts in both languages. They are built from data (key names, values,
 * limits), so they live here as functions rather than as Docusaurus translate() ids; the page's
 * fixed texts (labels, buttons) use translate() as usual.
 */
import type {Expectation, ProblemDetail} from './types';
import type {RuleCode} from './semantics';
import type {Lang} from '../utils/lang';

const quote = (s: string): string => JSON.stringify(s);

function list(items: readonly string[], lang: Lang): string {
  if (lang === 'zh') return items.join('、');
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

const TYPE_NAMES: Record<Lang, Record<string, string>> = {
  zh: {string: '字符串', integer: '整数', number: '数字', boolean: '布尔值（true 或 false）', object: '对象', array: '数组', null: 'null'},
  en: {string: 'a string', integer: 'an integer', number: 'a number', boolean: 'a boolean (true or false)', object: 'an object', array: 'an array', null: 'null'},
};

/**
 * Values without their other spellings: the first of those that are the same word in another
 * letter case or with "_" or "-" between its parts.
 */
export function distinctValues(values: readonly (string | number)[]): (string | number)[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const k = String(v).toLowerCase().replace(/[-_]/g, '');
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** One expectation in words: "an integer from 0 to 65535", "one of "tcp", "udp"". */
export function describeExpectation(e: Expectation, lang: Lang): string {
  const t = TYPE_NAMES[lang];
  switch (e.kind) {
    case 'type': {
      const name = t[e.type] ?? e.type;
      if (e.min !== undefined && e.max !== undefined) return lang === 'zh' ? `${e.min} 到 ${e.max} 之间的${name}` : `${name} from ${e.min} to ${e.max}`;
      if (e.min !== undefined) return lang === 'zh' ? `不小于 ${e.min} 的${name}` : `${name} of at least ${e.min}`;
      return name;
    }
    case 'values': {
      // every real value, once: "use_ip" and "use-ip" are "useip" written another way
      const shown = distinctValues(e.values).map((v) => (typeof v === 'string' ? quote(v) : String(v)));
      const spellings = shown.length < e.values.length;
      const ci = e.anyCase ? (lang === 'zh' ? '（不区分大小写' : ' (in any letter case') : '';
      const alt = spellings ? (lang === 'zh' ? `${ci ? '，' : '（'}单词间也可用 _ 或 -` : `${ci ? ',' : ' ('} also with _ or - between words`) : '';
      const close = ci || alt ? (lang === 'zh' ? '）' : ')') : '';
      return lang === 'zh' ? `${shown.join('、')}之一${ci}${alt}${close}` : `one of ${shown.join(', ')}${ci}${alt}${close}`;
    }
    case 'list':
      return lang === 'zh' ? `用英文逗号分隔（不带空格）的 ${e.values.join('、')}` : `a comma-separated list of ${e.values.join(', ')} (no spaces)`;
    case 'format':
      return FORMATS[e.format]?.[lang] ?? e.format;
    case 'text':
      return e.text;
  }
}

export function formatProblem(p: ProblemDetail, lang: Lang): string {
  const zh = lang === 'zh';
  switch (p.kind) {
    case 'syntax':
      return zh ? `JSON 语法错误：${SYNTAX[p.code]?.zh ?? p.code}` : `JSON syntax error: ${SYNTAX[p.code]?.en ?? p.code}`;
    case 'empty':
      return zh ? '内容为空：请粘贴或输入一个配置文件。' : 'Nothing to check: paste or type a configuration file.';
    case 'tooDeep':
      return zh ? `这里的括号嵌套超过 ${p.limit} 层，不像是配置文件，没有继续检查。真实的配置很少超过 20 层。`
        : `Brackets here are nested more than ${p.limit} deep, which no configuration is; the checker stopped here. Real configurations rarely go past 20.`;
    case 'unknownKey': {
      const where = p.object ? (zh ? `${p.object} 中` : ` in ${p.object}`) : '';
      const hint = p.suggestion ? (zh ? `你是不是想写 ${quote(p.suggestion)}？` : ` Did you mean ${quote(p.suggestion)}?`)
        : p.belongs?.length ? (zh ? `它应写在 ${p.belongs.map(quote).join(' 或 ')} 里。` : ` It belongs in ${p.belongs.map(quote).join(' or ')}.`) : '';
      const effect = p.unprotected ? UNPROTECTED[p.unprotected]?.[lang] ?? '' : '';
      return zh ? `${where}没有 ${quote(p.key)} 这个键。${hint}${effect}` : `Unknown key ${quote(p.key)}${where}.${hint}${effect ? ` ${effect}` : ''}`;
    }
    case 'removedKey': {
      const from = p.object ? (zh ? `从 ${p.object} 中` : ` from ${p.object}`) : '';
      return zh ? `${quote(p.key)} 已在 V2Ray ${p.version} 中${from}移除，现在写了也会被忽略，请删去。`
        : `${quote(p.key)} was removed${from} in V2Ray ${p.version}; it is ignored now. Delete it.`;
    }
    case 'bom':
      return zh ? '文件以字节顺序标记（BOM，U+FEFF）开头。V2Ray 不接受它，会报 JSON 错误：请把文件另存为不带 BOM 的 UTF-8。'
        : 'The file starts with a byte-order mark (BOM, U+FEFF), which V2Ray does not accept (it reports a JSON error): save the file as UTF-8 without BOM.';
    case 'encoding':
      return zh ? `文件是 ${p.encoding} 编码的。V2Ray 只读 UTF-8，会在第一个字节处报 JSON 错误（invalid character）：请把文件另存为不带 BOM 的 UTF-8。`
        : `The file is encoded as ${p.encoding}. V2Ray reads UTF-8 only and stops at the first byte with a JSON error (invalid character): save the file as UTF-8 without BOM.`;
    case 'notUtf8':
      return zh ? '这里有不是 UTF-8 的字节（比如按 GBK 或 Latin-1 保存的文字）。V2Ray 会把它读成替换字符 �，这个值就不再是你写的样子：请把文件另存为 UTF-8。'
        : 'Bytes here are not UTF-8 (text saved as GBK or Latin-1, say). V2Ray reads each as the replacement character �, so the value is not what you wrote: save the file as UTF-8.';
    case 'rule':
      return ruleMessage(p.code, p.values ?? {}, zh);
    case 'keyCase':
      return zh ? `键名应写作 ${quote(p.key)}。V2Ray 读取这个对象时不区分键名的大小写，写成 ${quote(p.written)} 也能生效，但文档、编辑器和其他工具只认 ${quote(p.key)}。`
        : `Write this key as ${quote(p.key)}. V2Ray matches this object's keys in any letter case, so ${quote(p.written)} works too, but the documentation, editors and other tools only know ${quote(p.key)}.`;
    case 'missingKey':
      return zh ? `${p.object ? `${p.object} ` : ''}缺少必需的键 ${quote(p.key)}。` : `Missing required key ${quote(p.key)}${p.object ? ` in ${p.object}` : ''}.`;
    case 'mismatch': {
      const expected = list(p.expected.map((e) => describeExpectation(e, lang)), lang);
      const found = p.found === undefined ? '' : zh ? `，实际是 ${p.found}` : `, found ${p.found}`;
      const hint = p.suggestion ? (zh ? `。你是不是想写 ${quote(p.suggestion)}？` : `. Did you mean ${quote(p.suggestion)}?`) : '';
      return zh ? `应为 ${expected}${found}${hint}${hint ? '' : '。'}` : `Expected ${expected}${found}${hint}${hint ? '' : '.'}`;
    }
    case 'requireOne':
      return zh ? `${p.object ? `${p.object} ` : ''}需要 ${p.keys.map(quote).join(' 或 ')} 中的一个。` : `${p.object ? `${p.object} needs` : 'Needs'} one of ${p.keys.map(quote).join(' or ')}.`;
  }
}

/** What V2Ray does when it ignores a misspelled key whose absence turns protection off (problems.ts SECURITY_KEYS). */
const UNPROTECTED: Record<string, Record<Lang, string>> = {
  accounts: {zh: 'V2Ray 会忽略写错的键：这个代理不会要求用户名和密码。', en: 'V2Ray ignores the misspelled key: this proxy asks for no user name or password.'},
  auth: {zh: 'V2Ray 会忽略写错的键，按 "noauth" 处理：任何人无需用户名和密码都能使用这个代理。', en: 'V2Ray ignores the misspelled key and serves as "noauth": anyone can use this proxy without a user name or password.'},
  verifyClientCertificate: {zh: 'V2Ray 会忽略写错的键：不会要求客户端出示证书。', en: 'V2Ray ignores the misspelled key: clients are not asked for a certificate.'},
  pinnedPeerCertificateChainSha256: {zh: 'V2Ray 会忽略写错的键：不会固定（pin）对方的证书。', en: 'V2Ray ignores the misspelled key: the peer\'s certificate is not pinned.'},
  disableSystemRoot: {zh: 'V2Ray 会忽略写错的键：仍然信任系统的根证书。', en: 'V2Ray ignores the misspelled key: the system\'s root certificates are still trusted.'},
  disableInsecureEncryption: {zh: 'V2Ray 会忽略写错的键：客户端仍可使用不安全的加密方式。', en: 'V2Ray ignores the misspelled key: clients may still use insecure encryption.'},
  seed: {zh: 'V2Ray 会忽略写错的键：mKCP 不使用混淆种子。', en: 'V2Ray ignores the misspelled key: mKCP uses no seed to obfuscate its packets.'},
};

/** The patterns of config-schema-facts.json by the name of their "format". */
const FORMATS: Record<string, Record<Lang, string>> = {
  port: {zh: '端口号（0 到 65535 的整数，或写成字符串）、"起-止" 形式的端口范围，或 "env:变量名"', en: 'a port (0 to 65535, also as a string), a range "from-to" or "env:NAME"'},
  // no example id: readers paste it as their own; the problem links to the site's generator instead (needsUuid)
  uuid: {zh: 'UUID（32 个十六进制数字，按 8-4-4-4-12 分组；可以用本站的 UUID 生成器或 v2ray uuid 生成）', en: 'a UUID (32 hex digits grouped 8-4-4-4-12; make one with this site\'s UUID generator or v2ray uuid)'},
  nonEmpty: {zh: '非空的字符串', en: 'a non-empty string'},
  path: {zh: '空字符串或以 / 开头的路径', en: 'an empty string or a path starting with /'},
};

/** jsonc-parser's ParseErrorCode names in words. */
const SYNTAX: Record<string, {zh: string; en: string}> = {
  InvalidSymbol: {zh: '这里有一个无效的字符', en: 'an invalid character here'},
  InvalidNumberFormat: {zh: '数字格式不对', en: 'a malformed number'},
  PropertyNameExpected: {zh: '这里应是用双引号括起的键名', en: 'a key in double quotes was expected here'},
  ValueExpected: {zh: '这里应有一个值', en: 'a value was expected here'},
  ColonExpected: {zh: '键名后应有冒号', en: 'a colon was expected after the key'},
  CommaExpected: {zh: '这里缺少逗号', en: 'a comma is missing here'},
  CloseBraceExpected: {zh: '缺少右花括号 }', en: 'a closing brace } is missing'},
  CloseBracketExpected: {zh: '缺少右方括号 ]', en: 'a closing bracket ] is missing'},
  EndOfFileExpected: {zh: '配置已经结束，后面不应再有内容', en: 'the configuration has ended; nothing may follow it'},
  InvalidCommentToken: {zh: '注释写法不对', en: 'a malformed comment'},
  UnexpectedEndOfComment: {zh: '注释没有结束（缺少 */）', en: 'a comment is not closed (*/ is missing)'},
  UnexpectedEndOfString: {zh: '字符串没有结束（缺少右引号）', en: 'a string is not closed (the closing quote is missing)'},
  UnexpectedEndOfNumber: {zh: '数字不完整', en: 'an incomplete number'},
  InvalidUnicode: {zh: '无效的 \\u 转义', en: 'an invalid \\u escape'},
  InvalidEscapeCharacter: {zh: '无效的转义字符', en: 'an invalid escape character'},
  InvalidCharacter: {zh: '字符串中有不允许的字符（如未转义的换行）', en: 'a character not allowed in a string (such as an unescaped line break)'},
  TrailingComma: {zh: '最后一项后面多了逗号（V2Ray 不接受结尾逗号）', en: 'a comma after the last item (V2Ray does not accept trailing commas)'},
};

/** What semantics.ts found, in words: what the toolkit does with the value, and what to write instead. */
function ruleMessage(code: RuleCode, v: Record<string, string>, zh: boolean): string {
  const value = quote(v.value ?? '');
  switch (code) {
    case 'portRange':
      return zh ? `端口或端口范围 ${value} 无效：端口在 0 到 65535 之间，范围写作 "小-大"。V2Ray 会拒绝这个配置（invalid port range）。`
        : `${value} is not a valid port or port range: ports are 0 to 65535 and a range is written "low-high". V2Ray refuses the file (invalid port range).`;
    case 'portNeverMatches':
      return zh ? `端口 ${value} 中有超过 65535 的端口或倒过来的范围。V2Ray 接受它，但没有连接会匹配这一部分：范围应写作 "小-大"，端口不超过 65535。`
        : `${value} holds a port over 65535 or a range the wrong way round. V2Ray accepts it, but no connection ever matches that part: write ranges "low-high", ports up to 65535.`;
    case 'ip':
      return zh ? `${value} 不是 IP 地址（IPv4 的每一段是 0 到 255）。V2Ray 会拒绝这个配置。` : `${value} is not an IP address (each part of an IPv4 address is 0 to 255). V2Ray refuses the file.`;
    case 'cidrMask':
      return zh ? `${value} 的掩码无效：IPv4 最大 /32，IPv6 最大 /128（这里最大 /${v.max}）。V2Ray 会拒绝这个配置（invalid network mask）。`
        : `${value} has an invalid mask: at most /32 for IPv4, /128 for IPv6 (here /${v.max}). V2Ray refuses the file (invalid network mask).`;
    case 'listen':
      return zh ? `listen 应为 IP 地址、"localhost"、Unix 域套接字的绝对路径或 "@名称"，${value} 都不是。V2Ray 会拒绝这个配置（unable to listen on domain address）。`
        : `listen must be an IP address, "localhost", an absolute Unix socket path or "@name"; ${value} is none of these. V2Ray refuses the file (unable to listen on domain address).`;
    case 'listenPort':
      return zh ? '监听 IP 地址时需要写 port。V2Ray 会拒绝这个配置。' : 'Listening on an IP address needs a port. V2Ray refuses the file.';
    case 'settingsMissing':
      return zh ? `${quote(v.protocol ?? '')} 需要 settings（服务器、用户或加密方式）。V2Ray 会拒绝这个配置。`
        : `${quote(v.protocol ?? '')} needs its settings (the server, users or cipher). V2Ray refuses the file.`;
    case 'certificateMissing':
      return zh ? '这个证书既没有 certificateFile 也没有 certificate。V2Ray 会拒绝这个配置（both file and bytes are empty）。'
        : 'This certificate has neither certificateFile nor certificate. V2Ray refuses the file (both file and bytes are empty).';
    case 'transportMissing':
      return zh ? '写了 transportSettings 却没有 transport：V2Ray 会按 tcp 读这些设置并拒绝这个配置（unknown field）。请写上 transport。'
        : 'transportSettings without transport: V2Ray reads them as tcp settings and refuses the file (unknown field). Add transport.';
    case 'policyStats':
      return zh ? 'system 里没有 stats：V2Ray 5.52.0 读到这里会崩溃（nil pointer dereference）。请写上 "stats": {}。'
        : 'system has no stats: V2Ray 5.52.0 crashes here (nil pointer dereference). Add "stats": {}.';
    case 'noCondition':
      return zh ? '这条规则没有任何匹配条件（domain、ip、port、network、inboundTag……）。V2Ray 会拒绝这个配置（this rule has no effective fields）。'
        : 'This rule has no condition (domain, ip, port, network, inboundTag, …). V2Ray refuses the file (this rule has no effective fields).';
    case 'balancerMissing':
      return zh ? `没有 tag 为 ${quote(v.tag ?? '')} 的负载均衡器。V2Ray 会拒绝这个配置（balancer not found）。`
        : `No balancer has the tag ${quote(v.tag ?? '')}. V2Ray refuses the file (balancer not found).`;
    case 'outboundMissing':
      return zh ? `没有 tag 为 ${quote(v.tag ?? '')} 的出站。V2Ray 接受这个配置，但匹配这条规则的连接会被丢弃。`
        : `No outbound has the tag ${quote(v.tag ?? '')}. V2Ray accepts the file, but connections matching this rule are dropped.`;
    case 'duplicateKey':
      return zh ? `键 ${quote(v.key ?? '')} 在同一个对象里写了两次。V2Ray 只用后一个，这一个被忽略（但它的值若类型不对，V2Ray 仍会拒绝）：请删去一个。`
        : `The key ${quote(v.key ?? '')} is written twice in this object. V2Ray uses the last one and ignores this one (but refuses the file if this value has the wrong type): delete one.`;
    case 'duplicateKeyRefused':
      return zh ? `键 ${quote(v.key ?? '')} 在同一个对象里写了两次，这是前一个。V2Ray 会读两个值，这一个不合要求，V2Ray 会拒绝这个配置：请删去它。`
        : `The key ${quote(v.key ?? '')} is written twice in this object; this is the first. V2Ray reads both, and refuses the file because this value is not valid: delete it.`;
    case 'socksAuth':
      return zh ? `auth 只能是 "noauth" 或 "password"（区分大小写）。V2Ray 不认识 ${value}，不会报错，而是按 "noauth" 处理：任何人无需用户名和密码都能使用这个代理。`
        : `auth must be "noauth" or "password" (as written). V2Ray does not know ${value} and, without a word, serves as "noauth": anyone can use this proxy without a user name or password.`;
    case 'socksAccountsIgnored':
      return zh ? '写了 accounts，但没有 "auth": "password"。V2Ray 会忽略这些账号，任何人无需用户名和密码都能使用这个代理：请加上 "auth": "password"。'
        : 'accounts are given, but not "auth": "password". V2Ray ignores the accounts and anyone can use this proxy without a user name or password: add "auth": "password".';
    case 'noTls':
      return zh ? `security 应为 "tls" 或 "none"（不区分大小写）。V2Ray 不认识 ${value}，不会报错，而是不加密：这条连接不使用 TLS。你是不是想写 "tls"？`
        : `security must be "tls" or "none" (in any letter case). V2Ray does not know ${value} and, without a word, uses no TLS on this connection. Did you mean "tls"?`;
    case 'quicNoEncryption':
      return zh ? `QUIC 的 security 应为 "aes-128-gcm"、"chacha20-poly1305" 或 "none"。V2Ray 不认识 ${value}，不会报错，而是按 "none" 处理：QUIC 包不加密。`
        : `QUIC security must be "aes-128-gcm", "chacha20-poly1305" or "none". V2Ray does not know ${value} and, without a word, treats it as "none": QUIC packets are not encrypted.`;
  }
}

/** Whether a problem asks for a UUID: the page then links to its UUID generator. */
export function needsUuid(p: ProblemDetail): boolean {
  return p.kind === 'mismatch' && p.expected.some((e) => e.kind === 'format' && e.format === 'uuid');
}
