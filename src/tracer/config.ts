/**
 * Reads a parsed configuration (v4 JSON or v5 JSON) into the tracer's model, following how
 * v2ray-core v5.52.0 builds its runtime config: infra/conf/synthetic/router/router.go,
 * infra/conf/rule/rule.go and infra/conf/synthetic/dns/dns.go for v4; the SimplifiedConfig
 * loaders in app/router/router.go:180 and app/dns/dns.go:405 (protobuf JSON names) for v5.
 * Geo lists stay references here; they are looked up when a trace runs, so the reader can open
 * their data files afterwards. The two readers are readV4.ts and readV5.ts, what they share is in
 * readCommon.ts, and the model they make in model.ts; this file adds what both formats build the
 * same way (inbounds, outbounds, entry tags, the patterns' check) and tells the formats apart.
 */
import type {DomainEntry, Format, Inbound, Model} from './model';
import {isObj, type Json, str, stringList} from './readCommon';
import {fakePools, v4Dns, v4Router} from './readV4';
import {v5Dns, v5Router} from './readV5';
import {newMatcher} from './strmatcher';

function inboundsOf(v: unknown): Inbound[] {
  return (Array.isArray(v) ? v : []).filter(isObj).map((i) => {
    const sn = isObj(i.sniffing) ? i.sniffing : undefined;
    return {tag: str(i.tag), protocol: str(i.protocol), sniffing: sn?.enabled === true, destOverride: stringList(sn?.destOverride) ?? []};
  });
}

type Outbound = {tag: string; protocol: string};

/**
 * An outbound handler added at start (app/proxyman/outbound/outbound.go:100-115): one of the same
 * tag is replaced, and when that one was the default (the first), the new one is the default, so
 * it takes that place in the list; otherwise it comes last.
 */
function addHandler(outbounds: Outbound[], h: Outbound): Outbound[] {
  return outbounds.some((o) => o.tag === h.tag) ? outbounds.map((o) => (o.tag === h.tag ? h : o)) : [...outbounds, h];
}

/**
 * The outbounds a connection can be sent to: the written ones, and those the apps add when they
 * start. Each v4 reverse portal (infra/conf/reverse.go:21,34) adds an outbound under its tag
 * (app/reverse/portal.go:56-60 at v5.52.0, :56 at v4.34.0). The commander (v4 "api", v5
 * services.commander) removes any handler of its tag, which clears the default when it was that
 * one (outbound.go:140-142), then adds its own (app/commander/commander.go:90-97 at v5.52.0, :83-87
 * at v4.34.0), which so becomes the default in its place; a rule sending the API inbound to that
 * tag reaches it.
 */
function outboundsOf(c: Json, format: Format): Outbound[] {
  let outbounds: Outbound[] = (Array.isArray(c.outbounds) ? c.outbounds : []).filter(isObj).map((o) => ({tag: str(o.tag), protocol: str(o.protocol)}));
  if (format === 'v4' && isObj(c.reverse) && Array.isArray(c.reverse.portals)) {
    for (const p of c.reverse.portals.filter(isObj)) {
      const tag = str(p.tag);
      if (tag) outbounds = addHandler(outbounds, {tag, protocol: 'reverse-portal'}); // portal.go:32: an empty tag is refused
    }
  }
  const commander = format === 'v4' ? c.api : isObj(c.services) ? c.services.commander : undefined;
  const tag = isObj(commander) ? str(commander.tag) : '';
  return tag ? addHandler(outbounds, {tag, protocol: 'commander'}) : outbounds;
}

/** Model.entryTags: the tags of v4 reverse bridges, then the loopback outbounds' inboundTag. */
function entryTagsOf(c: Json, format: Format): string[] {
  const bridges = format === 'v4' && isObj(c.reverse) && Array.isArray(c.reverse.bridges) ? c.reverse.bridges.filter(isObj).map((b) => str(b.tag)) : [];
  const loopbacks = (Array.isArray(c.outbounds) ? c.outbounds : []).filter(isObj)
    .filter((o) => o.protocol === 'loopback')
    .map((o) => (isObj(o.settings) ? str(o.settings.inboundTag) : ''));
  return [...bridges, ...loopbacks].filter((t, i, all) => t !== '' && all.indexOf(t) === i);
}

/**
 * The written domain entries are compiled when the toolkit starts, so a pattern Go's regexp
 * refuses, or a domain: value outside the letter-digit-hyphen set, stops it: the router in
 * app/router/condition.go:58 NewDomainMatcher ("failed to build domain condition"), the DNS in
 * app/dns/dns.go:108 establishDomainRules and app/dns/hosts.go:18 NewStaticHosts.
 */
function checkPatterns(model: Model): void {
  const check = (e: DomainEntry, where: string): void => {
    if (e.kind !== 'plain') return;
    try {
      newMatcher(e.type, e.value);
    } catch (err) {
      model.errors.push(`${where}: ${e.text}: ${(err as Error).message}`);
    }
  };
  for (const rule of model.router.rules) {
    for (const c of rule.conditions) if (c.kind === 'domain') for (const e of c.entries) check(e, `rule ${rule.index + 1}: failed to build domain condition`);
  }
  for (const s of model.dns.servers) for (const g of s.domains) for (const e of g.entries) check(e, `dns server ${s.index + 1}: failed to add domain rule`);
  for (const h of model.dns.hosts) check(h.match, 'dns hosts: failed to create static hosts');
}

export function readConfig(value: unknown, format: Format): Model {
  const model = readModel(value, format);
  checkPatterns(model);
  return model;
}

function readModel(value: unknown, format: Format): Model {
  const c = isObj(value) ? value : {};
  const errors: string[] = [];
  const outbounds = outboundsOf(c, format);
  const entryTags = entryTagsOf(c, format);
  if (format === 'v4') {
    return {
      format, outbounds, inbounds: inboundsOf(c.inbounds),
      router: v4Router(c.routing, errors), dns: v4Dns(c.dns, errors),
      fakeDnsTopLevel: fakePools(c.fakedns), entryTags, errors,
    };
  }
  return {
    format, outbounds, inbounds: inboundsOf(c.inbounds),
    router: v5Router(c.router, errors), dns: v5Dns(c.dns, errors),
    fakeDnsTopLevel: [], entryTags, errors,
  };
}
