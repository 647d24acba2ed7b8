/**
 * The trace in plain words. Each kind of step has its own sentence, Chinese in code and English in
 * ./en.json (messages.ts); ids and messages are literals so that extraction finds them.
 */
import React, {useState, type ReactNode} from 'react';
import {tracedRulesShownFirst} from '@site/src/constants';
import Link from '@docusaurus/Link';
import {type Tr, useTr} from './messages';
import type {Condition, Format, Rule} from '@site/src/tracer/model';
import type {CondResult, DnsTrace, RouteResult, ServerStep, Step, TraceResult, Warning} from '@site/src/tracer/types';

type F = {format: Format};

/** Where each object is documented, per configuration format. */
function docs(format: Format, what: 'rule' | 'balancer' | 'strategy' | 'server' | 'hosts' | 'fakedns' | 'dns'): string {
  if (format === 'v5') {
    return {
      rule: '/v5/config/router#simplifiedroutingrule', balancer: '/v5/config/router#balancingrule', strategy: '/v5/config/router#simplifiedconfig',
      server: '/v5/config/dns#simplifiednameserver', hosts: '/v5/config/dns#simplifiedhostmapping', fakedns: '/v5/config/dns#fakednspool', dns: '/v5/config/dns#simplifiedconfig',
    }[what];
  }
  return {
    rule: '/config/routing#ruleobject', balancer: '/config/routing#balancerobject', strategy: '/config/routing#domain-strategy',
    server: '/config/dns#serverobject', hosts: '/config/dns#dnsobject', fakedns: '/config/fakedns', dns: '/config/dns#query-flow',
  }[what];
}

function DocLink({to, label}: {to: string; label: string}): ReactNode {
  const tr = useTr();
  return (
    <Link className="tp-docs" to={to}>
      {tr({id: 'docs', message: '文档'})}
      <span className="cc-srOnly">{label}</span>
    </Link>
  );
}

const ruleName = (tr: Tr, r: Rule): string => tr({id: 'ruleName', message: '规则 {n}'}, {n: r.index + 1});

function target(tr: Tr, r: Rule): string {
  return r.balancerTag
    ? tr({id: 'targetBalancer', message: '负载均衡器 {tag}'}, {tag: r.balancerTag})
    : r.outboundTag ? tr({id: 'targetOutbound', message: '出站 {tag}'}, {tag: r.outboundTag})
      : tr({id: 'targetNone', message: '未指定出站'});
}

function condLine(tr: Tr, c: CondResult): string {
  const field = (c.condition as Condition).field;
  const v = {field, value: c.value ?? '', entry: c.entry ?? ''};
  switch (c.reason) {
    case 'matched': return tr({id: 'cond.matched', message: '{field}：{value} 符合 {entry}'}, v);
    case 'matchedLookup': return tr({id: 'cond.matchedLookup', message: '{field}：解析得到的 {value} 符合 {entry}'}, v);
    case 'notInList': return tr({id: 'cond.notInList', message: '{field}：{value} 不符合'}, v);
    case 'notInListLookup': return tr({id: 'cond.notInListLookup', message: '{field}：解析得到的 {value} 都不符合'}, v);
    case 'noDomain': return tr({id: 'cond.noDomain', message: '{field}：目标不是域名，域名条件不成立'}, v);
    case 'noIP': return tr({id: 'cond.noIP', message: '{field}：这一步没有 IP 可比（目标是域名，此时不解析），不成立'}, v);
    case 'noUser': return tr({id: 'cond.noUser', message: '{field}：连接没有用户，不成立'}, v);
    case 'noInbound': return tr({id: 'cond.noInbound', message: '{field}：没有给出入站标记，不成立'}, v);
    case 'noProtocol': return tr({id: 'cond.noProtocol', message: '{field}：没有嗅探到协议，不成立'}, v);
    case 'noAttrs': return tr({id: 'cond.noAttrs', message: '{field}：连接没有属性（只有 HTTP 嗅探会带上），不成立'}, v);
    case 'noSource': return tr({id: 'cond.noSource', message: '{field}：取决于客户端的 IP（未填写），未定'}, v);
    case 'noSourcePort': return tr({id: 'cond.noSourcePort', message: '{field}：取决于客户端的端口，未定'}, v);
    case 'answerUnknown': return tr({id: 'cond.answerUnknown', message: '{field}：取决于 DNS 返回的 IP（未填写），未定'}, v);
    case 'geoMissing': return tr({id: 'cond.geoMissing', message: '{field}：{entry} 要用地理数据文件判断，还没有打开，未定'}, v);
    case 'attrsUnsupported': return tr({id: 'cond.attrsUnsupported', message: '{field}：追踪器算不了这个表达式，未定'}, v);
    default: return `${field}: ${c.result}`;
  }
}

function StepLine({step, format}: {step: Step} & F): ReactNode {
  const tr = useTr();
  switch (step.kind) {
    case 'rule': {
      const head = `${ruleName(tr, step.rule)}（${target(tr, step.rule)}）`;
      const verdict = step.result === 'yes' ? tr({id: 'rule.yes', message: '全部条件成立，匹配'})
        : step.result === 'no' ? tr({id: 'rule.no', message: '不匹配'})
          : tr({id: 'rule.unknown', message: '未定：下面标为未定的条件成立时匹配，否则继续往下'});
      return (
        <li data-step="rule" data-result={step.result} className={step.result === 'yes' ? 'tp-yes' : step.result === 'unknown' ? 'tp-undecided' : undefined}>
          {step.pass === 2 && tr({id: 'rule.pass2', message: '（第二轮）'})}{head}：{verdict}
          <DocLink to={docs(format, 'rule')} label={tr({id: 'docsRule', message: '：路由规则的说明'})} />
          <ul className="tp-sub">{step.conditions.map((c, i) => <li key={i}>{condLine(tr, c)}</li>)}</ul>
        </li>
      );
    }
    case 'lookup':
      return (
        <li data-step="lookup">
          {step.again
            ? tr({id: 'lookup.again', message: '上一次解析失败，结果不会保留：这个 IP 条件再解析一次 {name}（之后每个 IP 条件都会重来，超时的服务器也会再等一次）'}, {name: step.dns.name})
            : step.why === 'IpOnDemand'
            ? tr({id: 'lookup.onDemand', message: 'domainStrategy 为 IPOnDemand：遇到 IP 条件，先解析 {name}'}, {name: step.dns.name})
            : tr({id: 'lookup.ifNonMatch', message: 'domainStrategy 为 IPIfNonMatch：第二轮遇到 IP 条件，解析 {name}'}, {name: step.dns.name})}
          <DocLink to={docs(format, 'strategy')} label={tr({id: 'docsStrategy', message: '：domainStrategy 的说明'})} />
          <DnsSteps dns={step.dns} format={format} />
        </li>
      );
    case 'secondPass':
      return <li data-step="secondPass">{tr({id: 'secondPass', message: '第一轮没有规则匹配。domainStrategy 为 IPIfNonMatch，目标是域名：把域名解析成 IP，再从头试一遍'})}</li>;
    case 'noSecondPass':
      return (
        <li data-step="noSecondPass">
          {step.why === 'ip' ? tr({id: 'noSecondPass.ip', message: '没有规则匹配（目标已是 IP，不再试第二轮）'})
            : step.why === 'skip' ? tr({id: 'noSecondPass.skip', message: '没有规则匹配（DNS 模块自己的查询不再解析域名）'})
              : tr({id: 'noSecondPass.strategy', message: '没有规则匹配'})}
        </li>
      );
    case 'balancer': {
      const b = step.balancer;
      return (
        <li data-step="balancer">
          {!b ? tr({id: 'balancer.missing', message: '负载均衡器 {tag} 不存在：V2Ray 不会用这个配置启动'}, {tag: step.tag})
            : step.candidates.length === 0
              ? tr({id: 'balancer.none', message: '负载均衡器 {tag}：没有出站的标记以 {selectors} 开头'}, {tag: step.tag, selectors: b.selectors.join(', ')})
              : tr({id: 'balancer.candidates', message: '负载均衡器 {tag}（策略 {strategy}）：候选出站 {list}'}, {tag: step.tag, strategy: b.strategy, list: step.candidates.join(', ')})}
          {b && step.candidates.length > 1 && (step.pick === 'random'
            ? tr({id: 'balancer.random', message: '；每个连接随机选一个'})
            : tr({id: 'balancer.observed', message: '；按连接观测（observatory）的结果选择'}))}
          {b && step.candidates.length === 0 && (step.result
            ? tr({id: 'balancer.fallback', message: '；改用 fallbackTag {tag}'}, {tag: step.result})
            : tr({id: 'balancer.noFallback', message: '；没有 fallbackTag，改用默认出站'}))}
          <DocLink to={docs(format, 'balancer')} label={tr({id: 'docsBalancer', message: '：负载均衡器的说明'})} />
        </li>
      );
    }
    case 'outbound':
      return (
        <li data-step="outbound" className="tp-yes">
          {step.missingTag === '' && step.rule !== undefined ? tr({id: 'outbound.noTag', message: '规则没有指定出站（tag 为空），改用默认出站 {tag}'}, {tag: step.tag})
            : step.missingTag ? tr({id: 'outbound.missing', message: '出站 {missing} 不存在，改用默认出站 {tag}'}, {missing: step.missingTag, tag: step.tag})
            : step.via === 'default' ? tr({id: 'outbound.default', message: '使用默认出站（出站列表的第一个）{tag}'}, {tag: step.tag || '—'})
              : tr({id: 'outbound.chosen', message: '使用出站 {tag}'}, {tag: step.tag})}
        </li>
      );
  }
}

/**
 * A row of rules that do not match, folded after the first tracedRulesShownFirst: a trace over
 * 10,000 rules would otherwise put 10,000 items on the page, which takes the browser longer
 * than the trace itself. The reader can unfold a row.
 */
function FoldedRules({steps, format}: {steps: Step[]} & F): ReactNode {
  const tr = useTr();
  const [open, setOpen] = useState(false);
  const first = (steps[0] as Step & {kind: 'rule'}).rule.index + 1;
  const last = (steps[steps.length - 1] as Step & {kind: 'rule'}).rule.index + 1;
  if (open) return <>{steps.map((s, i) => <StepLine key={i} step={s} format={format} />)}</>;
  return (
    <li data-step="folded">
      {tr({id: 'rule.folded', message: '规则 {first} 到 {last} 也不匹配（共 {count} 条）'}, {first, last, count: steps.length})}{' '}
      <button type="button" className="button button--link button--sm" onClick={() => setOpen(true)}>
        {tr({id: 'rule.unfold', message: '逐条列出'})}
      </button>
    </li>
  );
}

export function RouteSteps({route, format}: {route: RouteResult} & F): ReactNode {
  const items: ReactNode[] = [];
  const steps = route.steps;
  for (let i = 0; i < steps.length;) {
    let j = i;
    while (j < steps.length && steps[j]!.kind === 'rule' && (steps[j] as Step & {kind: 'rule'}).result === 'no') j++;
    if (j - i > tracedRulesShownFirst + 1) {
      for (let k = i; k < i + tracedRulesShownFirst; k++) items.push(<StepLine key={k} step={steps[k]!} format={format} />);
      items.push(<FoldedRules key={`fold-${i}`} steps={steps.slice(i + tracedRulesShownFirst, j)} format={format} />);
      i = j;
    } else if (j > i) {
      for (let k = i; k < j; k++) items.push(<StepLine key={k} step={steps[k]!} format={format} />);
      i = j;
    } else {
      items.push(<StepLine key={i} step={steps[i]!} format={format} />);
      i++;
    }
  }
  return <ol className="tp-steps" data-testid="trace-route">{items}</ol>;
}

function serverLine(tr: Tr, s: ServerStep, name: string): string {
  if (s.fake) return tr({id: 'dns.fake', message: '{server}（FakeDNS）回答一个假 IP，真正的解析留给出站'}, {server: s.name});
  if (s.why === 'domain') return tr({id: 'dns.domain', message: '询问 {server}：它的域名列表中 {rule} 匹配 {name}'}, {server: s.name, rule: s.matched ?? '', name});
  if (s.why === 'only') return tr({id: 'dns.only', message: '询问 {server}（没有配置 DNS 服务器：使用系统的解析器）'}, {server: s.name});
  return tr({id: 'dns.fallback', message: '询问 {server}：回退查询（按服务器列表的顺序）'}, {server: s.name});
}

function ServerLine({s, name, format}: {s: ServerStep; name: string} & F): ReactNode {
  const tr = useTr();
  const r = s.routed;
  const routeOut = r?.route.outbound ?? '';
  return (
    <li data-step="dns-server" data-why={s.why}>
      {serverLine(tr, s, name)}
      <DocLink to={docs(format, s.fake ? 'fakedns' : 'server')} label={tr({id: 'docsServer', message: '：DNS 服务器的说明'})} />
      <ul className="tp-sub">
        {s.maybeFirst && <li className="tp-undecided">{tr({id: 'dns.maybeFirst', message: '如果 {rule} 包含这个域名，它会排到最前面（需要地理数据文件）'}, {rule: s.maybeFirst})}</li>}
        {!s.fake && (r
          ? <li>{r.tagRandom
            ? tr({id: 'dns.routedRandom', message: '查询经过路由（入站标记是随机生成的，inboundTag 规则匹配不到）：发往 {target}，走 {outbound}'}, {target: r.target, outbound: routeOut})
            : tr({id: 'dns.routed', message: '查询经过路由（入站标记 {tag}）：发往 {target}，走 {outbound}'}, {tag: r.tag, target: r.target, outbound: routeOut})}</li>
          : <li>{tr({id: 'dns.local', message: '查询从本机直接发出，不经过路由'})}</li>)}
        {s.cached && <li>{tr({id: 'dns.cached', message: '这个服务器上次的回答还在缓存里：直接用它，不再发出查询'})}</li>}
        {s.ecs && <li>{tr({id: 'dns.clientIp', message: '附带 EDNS Client Subnet：{subnet}（由 clientIp {ip} 得出）'}, {subnet: s.ecs, ip: s.clientIp ?? ''})}</li>}
        {s.queryStrategy !== 'UseIP' && <li>{tr({id: 'dns.queryStrategy', message: 'queryStrategy {value}：只查询这一类地址'}, {value: s.queryStrategy})}</li>}
        {s.expectIPs.length > 0 && <li>{tr({id: 'dns.expect', message: '只接受落在 {list} 中的结果'}, {list: s.expectIPs.join(', ')})}</li>}
        {s.outcome === 'answer' && s.kept && <li>{tr({id: 'dns.answer', message: '得到 {ips}'}, {ips: s.kept.join(', ')})}</li>}
        {s.outcome === 'next' && <li>{tr({id: 'dns.next', message: '结果都不在期望范围内，改问下一个服务器'})}</li>}
        {s.outcome === 'stop' && <li>{tr({id: 'dns.stop', message: '没有所需类型的地址：查询到此失败，不再问后面的服务器'})}</li>}
      </ul>
    </li>
  );
}

export function DnsSteps({dns, format, testId}: {dns: DnsTrace; testId?: string} & F): ReactNode {
  const tr = useTr();
  const h = dns.hosts;
  const known = dns.servers.some((s) => s.outcome);
  return (
    <ol className="tp-steps" data-testid={testId ?? 'trace-dns'}>
      {h.result !== 'none' && (
        <li data-step="hosts">
          {h.result === 'ips' ? tr({id: 'hosts.ips', message: 'hosts 中的 {entries} 给出 {ips}，不询问服务器'}, {entries: h.entries.join(', '), ips: (h.ips ?? []).join(', ')})
            : h.result === 'empty' ? tr({id: 'hosts.empty', message: 'hosts 记录了这个域名，但没有所需类型的地址：查询失败'})
              : h.result === 'replaced' ? tr({id: 'hosts.replaced', message: 'hosts 把 {name} 换成 {to}，接着查询 {to}'}, {name: dns.name, to: h.replacedBy ?? ''})
                : tr({id: 'hosts.unknown', message: 'hosts 中的 {entries} 要用地理数据文件判断（未打开），这里按不匹配推演'}, {entries: h.entries.join(', ')})}
          <DocLink to={docs(format, 'hosts')} label={tr({id: 'docsHosts', message: '：静态 hosts 的说明'})} />
        </li>
      )}
      {dns.servers.map((s, i) => <ServerLine key={i} s={s} name={dns.asked} format={format} />)}
      {dns.skipped.map((s) => (
        <li key={`skip-${s.server.index}`} data-step="dns-skipped">
          {s.why === 'fakedns' ? tr({id: 'dns.skipFake', message: '不问 {server}：FakeDNS 只回答客户端经 DNS 出站发来的查询'}, {server: s.name})
            : s.why === 'disabled' ? tr({id: 'dns.skipDisabled', message: '不问 {server}：它不参与回退（skipFallback / fallbackStrategy）'}, {server: s.name})
              : tr({id: 'dns.skipIfMatch', message: '不问 {server}：已有服务器的域名列表匹配，它不参与回退（disableFallbackIfMatch / DisabledIfAnyMatch）'}, {server: s.name})}
        </li>
      ))}
      {dns.servers.length > 1 && !known && (
        <li className="tp-hint">{tr({id: 'dns.order', message: '后面的服务器只在前一个超时，或者它的结果都不在期望范围（expectIPs）内时才会被询问。'})}</li>
      )}
    </ol>
  );
}

export function Summary({result}: {result: TraceResult}): ReactNode {
  const tr = useTr();
  const r = result.route;
  return (
    <div data-testid="trace-summary">
      <p className="tp-result">
        {r.outbound === null
          ? tr({id: 'summary.none', message: '结论：没有可用的出站'})
          : tr({id: 'summary.outbound', message: '结论：走出站 {tag}'}, {tag: r.outbound})}
      </p>
      {r.alternatives.length > 0 && (
        <ul data-testid="trace-alternatives">
          {r.alternatives.map((a) => (
            <li key={a.rule} className="tp-undecided">
              {tr({id: 'summary.alternative', message: '未定：如果 {because} 成立，规则 {n} 匹配，改走 {outbound}'}, {because: a.because.join(', '), n: a.rule + 1, outbound: a.outbound})}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function WarningLine({warning: w, format}: {warning: Warning} & F): ReactNode {
  const tr = useTr();
  switch (w.code) {
    case 'dnsFallbackToOther':
      return (
        <span data-warning={w.code}>
          {tr({id: 'warn.dnsFallback', message: '查询 {name} 时会回退到 {server}，而它是为 {rules} 准备的：这个域名也会被发给它。如果不想这样，给它设 skipFallback，或者改用 fallbackStrategy。'}, {name: w.name, server: w.serverName, rules: w.rules.join(', ')})}
          <DocLink to={docs(format, 'dns')} label={tr({id: 'docsDnsFlow', message: '：DNS 查询流程的说明'})} />
        </span>
      );
    case 'domainRuleNeedsSniffing':
      return (
        <span data-warning={w.code}>
          {w.inbound
            ? tr({id: 'warn.sniffingInbound', message: '目标是 IP，而入站 {inbound} 没有开启 sniffing：规则 {rules} 的域名条件对这种连接永远不成立。'}, {inbound: w.inbound, rules: w.rules.map((n) => n + 1).join(', ')})
            : tr({id: 'warn.sniffing', message: '目标是 IP，而没有入站开启 sniffing：规则 {rules} 的域名条件对这种连接永远不成立。'}, {rules: w.rules.map((n) => n + 1).join(', ')})}
        </span>
      );
    case 'shadowedRule':
      return <span data-warning={w.code}>{tr({id: 'warn.shadowed', message: '规则 {rule} 永远用不上：前面的规则 {by} 已经覆盖了它的全部条件。'}, {rule: w.rule + 1, by: w.by + 1})}</span>;
    case 'v5DomainAndGeoDomain':
      return <span data-warning={w.code}>{tr({id: 'warn.domainAndGeo', message: '规则 {rule} 同时写了 domain 和 geoDomain：两者都要匹配才算匹配。'}, {rule: w.rule + 1})}</span>;
    case 'missingOutbound':
      return <span data-warning={w.code}>{tr({id: 'warn.missingOutbound', message: '规则 {rule} 指向的出站 {tag} 不存在，匹配时会改用默认出站。'}, {rule: w.rule + 1, tag: w.tag})}</span>;
  }
}

export function ErrorLine({message}: {message: string}): ReactNode {
  const tr = useTr();
  return <span data-error>{tr({id: 'error', message: 'V2Ray 不会用这个配置启动：{message}'}, {message})}</span>;
}
