// geoip.dat / geosite.dat with the lab's own table (world.mjs), in the protobuf format of
// app/router/config.proto (4.34): GeoIPList{repeated GeoIP entry=1}; GeoIP{string country_code=1;
// repeated CIDR cidr=2}; CIDR{bytes ip=1; uint32 prefix=2}; GeoSiteList{repeated GeoSite entry=1};
// GeoSite{string country_code=1; repeated Domain domain=2}; Domain{Type type=1 (Domain=2); string value=2}.

import {intField, lenField, strField} from '../examples/toolkit.mjs';

/** @param {Record<string, string[]>} table code -> CIDRs */
export function geoipDat(table) {
  return Buffer.concat(Object.entries(table).map(([code, cidrs]) => lenField(1, Buffer.concat([
    strField(1, code.toUpperCase()),
    ...cidrs.map((c) => {
      const [ip = '', prefix = '32'] = c.split('/');
      return lenField(2, Buffer.concat([lenField(1, Buffer.from(ip.split('.').map(Number))), intField(2, Number(prefix))]));
    }),
  ]))));
}

/** @param {Record<string, string[]>} table code -> domains (matched as domain: rules) */
export function geositeDat(table) {
  return Buffer.concat(Object.entries(table).map(([code, domains]) => lenField(1, Buffer.concat([
    strField(1, code.toUpperCase()),
    ...domains.map((d) => lenField(2, Buffer.concat([intField(1, 2), strField(2, d)]))),
  ]))));
}
