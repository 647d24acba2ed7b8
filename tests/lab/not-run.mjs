// Complete examples that v2ray 4.34 loads but the lab does not run, by their fence's lab=ID, with
// the reason. Examples 4.34 cannot load (since= newer than 4.34, the v5 branch) are
// listed by the lab itself and need no entry here.
/** @type {Record<string, string>} */
export const NOT_RUN = {
  'multiple-config-base': 'the first of three files merged from one folder; what the example shows is the merge, whose rules'
    + ' (_priority, rules by tag) came with v5.0.1, and the file alone is a plain Socks-to-VMess client that other scenarios cover',
  'tproxy-mark': 'a TPROXY inbound and an outbound mark need iptables TPROXY rules and policy routing, which the lab does not set up',
};
