/**
 * The trace panel: a destination in, the route and the DNS lookups out, in plain words. Runs the
 * engine in src/tracer on the parsed configuration; the reader's geo files are read here, in the
 * browser, and kept only in this component's state (nothing is sent or stored).
 */
import React, {useEffect, useId, useMemo, useState, type ReactNode} from 'react';
import {shadowCheckDeadlineMs, traceDeadlineMs} from '@site/src/constants';
import {LangContext, translator} from './messages';
import {readConfig} from '@site/src/tracer/config';
import {emptyGeoData, maxGeoFileBytes, readGeoFile, type GeoData} from '@site/src/tracer/geodata';
import {parseIP} from '@site/src/tracer/ip';
import {shadowedRulesWithin} from '@site/src/tracer/shadowed';
import {traceWithin} from '@site/src/tracer/trace';
import type {Destination, Warning} from '@site/src/tracer/types';
import type {Props} from './props';
import {ensureTraceCss} from './traceCss';
import {DnsSteps, ErrorLine, RouteSteps, Summary, WarningLine} from './words';
import {shadowWorker} from './shadow';
import type {ShadowAnswer, ShadowRequest, ShadowStarted} from './shadowWorker';

type Loaded = {name: string; kind: 'site' | 'ip'; lists: number};

type Shadowed = {warnings: Warning[]; checked: number; complete: boolean};

/**
 * The shadowed-rule check for one configuration, in the page's one worker (shadow.ts) so that a
 * large configuration does not hold up the page; where workers are not available, here with a
 * short deadline. Asked again only when the configuration changes, never per keystroke.
 */
let nextShadowId = 0;
function useShadowed(value: unknown, version: 'v4' | 'v5', refused: boolean): Shadowed | null {
  const [shadowed, setShadowed] = useState<Shadowed | null>(null);
  useEffect(() => {
    setShadowed(null);
    if (refused) return undefined;
    const here = () => setShadowed(shadowedRulesWithin(readConfig(value, version), performance.now() + traceDeadlineMs));
    const shadow = shadowWorker();
    if (!shadow) {
      here();
      return undefined;
    }
    nextShadowId += 1;
    const id = nextShadowId;
    const onMessage = (e: MessageEvent<ShadowAnswer | ShadowStarted>) => {
      if ('id' in e.data && e.data.id === id) setShadowed(e.data.result);
    };
    shadow.worker.addEventListener('message', onMessage);
    shadow.worker.addEventListener('error', here, {once: true});
    shadow.worker.postMessage({id, value, version, deadlineMs: shadowCheckDeadlineMs} satisfies ShadowRequest);
    return () => {
      shadow.worker.removeEventListener('message', onMessage);
      shadow.worker.removeEventListener('error', here);
    };
  }, [value, version, refused]);
  return shadowed;
}

/** At most this many warnings of one kind are listed; the rest are counted. */
const warningsShown = 20;

function validPort(s: string): number | null {
  if (!/^\d+$/.test(s.trim())) return null;
  const n = Number(s);
  return n >= 0 && n <= 65535 ? n : null;
}

export default function Panel({value, version, lang}: Props): ReactNode {
  ensureTraceCss();
  const tr = translator(lang);
  const id = useId();
  const [address, setAddress] = useState('');
  const [port, setPort] = useState('443');
  const [network, setNetwork] = useState<'tcp' | 'udp'>('tcp');
  const [sourceIp, setSourceIp] = useState('');
  const [inboundTag, setInboundTag] = useState('');
  const [user, setUser] = useState('');
  const [protocol, setProtocol] = useState('');
  const [answer, setAnswer] = useState('');
  const [geo, setGeo] = useState<GeoData>(emptyGeoData);
  const [loaded, setLoaded] = useState<Loaded[]>([]);
  const [geoError, setGeoError] = useState<string | null>(null);

  const model = useMemo(() => readConfig(value, version), [value, version]);
  const shadowed = useShadowed(value, version, model.errors.length > 0);

  const portNumber = validPort(port);
  const answerList = answer.split(/[\s,]+/).filter(Boolean);
  const badAnswer = answerList.find((a) => parseIP(a) === null);
  const badSource = sourceIp.trim() !== '' && parseIP(sourceIp) === null;
  const badAddress = /[\s/]/.test(address.trim());
  const inputError = badAddress ? tr({id: 'badAddress', message: '目标地址应当是一个域名或 IP，不含空格和斜杠。'})
    : portNumber === null ? tr({id: 'badPort', message: '端口应当是 0 到 65535 之间的整数。'})
      : badSource ? tr({id: 'badSource', message: '来源地址不是合法的 IP。'})
        : badAnswer ? tr({id: 'badAnswer', message: '“{value}”不是合法的 IP。'}, {value: badAnswer})
          : null;

  const result = useMemo(() => {
    if (!address.trim() || inputError || portNumber === null) return null;
    const dest: Destination = {
      address: address.trim(), port: portNumber, network,
      sourceIp: sourceIp.trim() || undefined, inboundTag: inboundTag.trim() || undefined, user: user.trim() || undefined,
      protocol: protocol.trim() || undefined, dnsAnswer: answerList.length > 0 ? answerList : undefined,
    };
    // null: the trace ran past its deadline and was stopped
    return {trace: traceWithin(model, dest, geo, traceDeadlineMs)};
  }, [model, address, portNumber, network, sourceIp, inboundTag, user, protocol, answer, geo, inputError]); // eslint-disable-line react-hooks/exhaustive-deps

  const openGeo = async (files: FileList | null): Promise<void> => {
    setGeoError(null);
    for (const file of Array.from(files ?? [])) {
      if (file.size > maxGeoFileBytes) {
        setGeoError(tr({id: 'geoTooBig', message: '{name} 有 {mb} MB，超过了追踪面板能打开的 {max} MB。公开发布的 geosite.dat 和 geoip.dat 都小得多：请确认选对了文件。'}, {name: file.name, mb: Math.ceil(file.size / 1048576), max: maxGeoFileBytes / 1048576}));
        continue;
      }
      try {
        const parsed = readGeoFile(file.name, new Uint8Array(await file.arrayBuffer()));
        setGeo((g) => {
          const next: GeoData = {sites: new Map(g.sites), ips: new Map(g.ips)};
          // the reader's file stands for the default geosite.dat / geoip.dat, and for ext: references to its own name
          if (parsed.kind === 'site') { next.sites.set('geosite.dat', parsed); next.sites.set(file.name, parsed); }
          else { next.ips.set('geoip.dat', parsed); next.ips.set(file.name, parsed); }
          return next;
        });
        setLoaded((l) => [...l.filter((x) => x.name !== file.name), {name: file.name, kind: parsed.kind, lists: parsed.lists.size}]);
      } catch {
        setGeoError(tr({id: 'geoBad', message: '{name} 不是 geosite.dat 或 geoip.dat 格式的文件。'}, {name: file.name}));
      }
    }
  };

  // the inbounds' tags, then those a reverse bridge or a loopback outbound gives its connections
  const tags = [...model.inbounds.map((i) => i.tag), ...model.entryTags].filter((t, i, all) => t !== '' && all.indexOf(t) === i);
  return (
    <LangContext.Provider value={lang}>
      <section className="tp-panel" aria-labelledby={`${id}-h`} data-testid="trace-panel">
        <h2 id={`${id}-h`}>{tr({id: 'title', message: '这个连接会去哪里？'})}</h2>
        <p className="tp-hint">
          {tr({id: 'intro', message: '输入一个目标，按 V2Ray 5.52.0 的源码推演路由规则和 DNS 查询。推演只在浏览器里进行，不会发出任何请求。'})}
        </p>
        <div className="tp-form">
          <label>
            {tr({id: 'address', message: '目标（域名或 IP）'})}
            <input value={address} onChange={(e) => setAddress(e.target.value)} placeholder="www.example.com" data-testid="trace-address" autoComplete="off" spellCheck={false} />
          </label>
          <label>
            {tr({id: 'port', message: '端口'})}
            <input value={port} onChange={(e) => setPort(e.target.value)} inputMode="numeric" data-testid="trace-port" />
          </label>
          <label>
            {tr({id: 'network', message: '网络'})}
            <select value={network} onChange={(e) => setNetwork(e.target.value as 'tcp' | 'udp')} data-testid="trace-network">
              <option value="tcp">TCP</option>
              <option value="udp">UDP</option>
            </select>
          </label>
          <label>
            {tr({id: 'inboundTag', message: '入站标记（可选）'})}
            <input value={inboundTag} onChange={(e) => setInboundTag(e.target.value)} list={`${id}-tags`} data-testid="trace-inbound" />
            <datalist id={`${id}-tags`}>{tags.map((t) => <option key={t} value={t} />)}</datalist>
          </label>
          <label>
            {tr({id: 'source', message: '来源 IP（可选）'})}
            <input value={sourceIp} onChange={(e) => setSourceIp(e.target.value)} data-testid="trace-source" />
          </label>
          <label>
            {tr({id: 'user', message: '用户邮箱（可选）'})}
            <input value={user} onChange={(e) => setUser(e.target.value)} data-testid="trace-user" />
          </label>
          <label>
            {tr({id: 'protocol', message: '嗅探到的协议（可选）'})}
            <input value={protocol} onChange={(e) => setProtocol(e.target.value)} placeholder="tls" list={`${id}-protocols`} data-testid="trace-protocol" />
            <datalist id={`${id}-protocols`}>{['http', 'tls', 'quic', 'bittorrent'].map((p) => <option key={p} value={p} />)}</datalist>
          </label>
          <label>
            {tr({id: 'answer', message: 'DNS 返回的 IP（可选，用逗号分隔）'})}
            <input value={answer} onChange={(e) => setAnswer(e.target.value)} data-testid="trace-answer" />
          </label>
        </div>
        <div className="tp-geo">
          <label className="button button--secondary button--sm tp-fileButton">
            {tr({id: 'openGeo', message: '打开 geosite.dat / geoip.dat'})}
            <input type="file" multiple accept=".dat,application/octet-stream" className="tp-fileInput" data-testid="trace-geo"
              onChange={(e) => { void openGeo(e.target.files); e.target.value = ''; }} />
          </label>
          <span className="tp-hint">
            {tr({id: 'geoPrivacy', message: '文件只在浏览器里读取，不会上传，也不会保存。'})}
          </span>
        </div>
        <div role="status" data-testid="trace-geo-status">
          {loaded.map((l) => (
            <p key={l.name} className="tp-hint">
              {l.kind === 'site'
                ? tr({id: 'geoSiteLoaded', message: '已读入 {name}：{count} 个域名列表，用于 geosite:。'}, {name: l.name, count: l.lists})
                : tr({id: 'geoIpLoaded', message: '已读入 {name}：{count} 个 IP 列表，用于 geoip:。'}, {name: l.name, count: l.lists})}
            </p>
          ))}
          {geoError && <p className="tp-error">{geoError}</p>}
        </div>
        {inputError && <p className="tp-error" role="alert" data-testid="trace-input-error">{inputError}</p>}
        <div aria-live="polite" data-testid="trace-result">
          {!result && !inputError && (
            <p className="tp-hint">{tr({id: 'idle', message: '输入目标后，这里列出每一步。'})}</p>
          )}
          {result && result.trace === null && (
            <p className="tp-error" role="alert" data-testid="trace-timeout">
              {tr({id: 'timeout', message: '推演超过了 {ms} 毫秒，已经停下。配置里可能有极多的规则或条目；可以先删去与这个目标无关的部分再试。'}, {ms: traceDeadlineMs})}
            </p>
          )}
          {result?.trace?.refused && (
            <>
              <p className="tp-result" data-testid="trace-refused">{tr({id: 'refused', message: 'V2Ray 5.52.0 不会用这个配置启动，所以这里不推演路由。改正下面的问题后再试：'})}</p>
              <ul className="tp-warnings" data-testid="trace-errors">
                {result.trace.errors.map((e) => <li key={e}><ErrorLine message={e} /></li>)}
              </ul>
            </>
          )}
          {result?.trace && !result.trace.refused && (() => {
            const t = result.trace;
            const shadowWarnings = shadowed?.warnings ?? [];
            const warnings = [...t.warnings, ...shadowWarnings.slice(0, warningsShown)];
            return (
              <>
                {t.errors.length > 0 && (
                  <ul className="tp-warnings" data-testid="trace-errors">
                    {t.errors.map((e) => <li key={e}><ErrorLine message={e} /></li>)}
                  </ul>
                )}
                <Summary result={t} />
                {(warnings.length > 0 || shadowWarnings.length > warningsShown || (shadowed && !shadowed.complete)) && (
                  <ul className="tp-warnings" aria-label={tr({id: 'warnings', message: '提醒'})} data-testid="trace-warnings">
                    {warnings.map((w, i) => <li key={i}><WarningLine warning={w} format={model.format} /></li>)}
                    {shadowWarnings.length > warningsShown && (
                      <li>{tr({id: 'warn.shadowedMore', message: '另有 {count} 条规则同样永远用不上（未列出）。'}, {count: shadowWarnings.length - warningsShown})}</li>
                    )}
                    {shadowed && !shadowed.complete && (
                      <li>{tr({id: 'warn.shadowedCut', message: '检查被前面规则覆盖的规则时超过了时限：只检查了前 {n} 条规则。'}, {n: shadowed.checked})}</li>
                    )}
                  </ul>
                )}
                <h3>{tr({id: 'routeHeading', message: '路由'})}</h3>
                <RouteSteps route={t.route} format={model.format} />
                {t.clientQuery && (
                  <>
                    <h3>{tr({id: 'clientQueryHeading', message: '客户端查询这个域名时（经 DNS 出站）'})}</h3>
                    <DnsSteps dns={t.clientQuery} format={model.format} testId="trace-client-dns" />
                  </>
                )}
              </>
            );
          })()}
        </div>
      </section>
    </LangContext.Provider>
  );
}
