// The lab's world: which "public" names and addresses exist inside the network
// namespace, and what the stand-ins on them answer. Every address here is added to the loopback
// interface of the namespace, which has no other interface: a packet to 8.8.8.8 reaches our own
// stand-in on 8.8.8.8, never the real host.

/** Names every program in the lab resolves (the lab's /etc/hosts and the DNS stand-ins' table). */
export const HOSTS = {
  'proxy.example.com': '198.51.100.10',
  'relay.example.com': '198.51.100.11',
  'exit.example.com': '198.51.100.12',
  'portal.example.com': '198.51.100.13',
  'v2.example.com': '198.51.100.14',
  'exit.example.net': '198.51.100.15',
  'cdn.example.com': '198.51.100.16',
  'proxy.corp.example.com': '10.20.30.40',
  'example.com': '93.184.216.34',
  'example.org': '93.184.216.35',
  'www.example.com': '93.184.216.34',
  'www.google.com': '142.250.4.100',
  'google.com': '142.250.4.100',
  'github.com': '140.82.112.3',
  'baidu.com': '110.242.68.66',
  'www.baidu.com': '110.242.68.66',
  'www.qq.com': '111.30.144.71',
  'shop.example.cn': '110.242.68.80',
  'example.cn': '110.242.68.80',
  'intranet.example.com': '10.1.2.3',
  'ads.example.com': '93.184.216.40',
  'ad.doubleclick.net': '142.250.4.40',
  'tracker.example.net': '93.184.216.41',
  'dns.google': '8.8.8.8',
  'cloudflare-dns.com': '1.1.1.1',
  'dns.alidns.com': '223.5.5.5',
  'localhost.lab': '127.0.0.1',
  // the balancer and observatory examples' servers and probe targets
  'a.example.com': '198.51.100.21',
  'b.example.com': '198.51.100.22',
  'tokyo.example.com': '198.51.100.23',
  'osaka.example.com': '198.51.100.24',
  'sg.example.com': '198.51.100.25',
  'fra.example.com': '198.51.100.26',
  'connectivitycheck.gstatic.com': '142.250.4.90',
  'connectivitycheck.platform.hicloud.com': '121.36.0.90',
  'api.v2fly.org': '172.67.0.90', // the v4 observatory's default probe URL, https://api.v2fly.org/checkConnection.svgz
  // the v5 branch's examples (versioned_docs/v5)
  'vmess.example.com': '198.51.100.17',
  'proxy.example.net': '198.51.100.18',
  'hk.example.com': '198.51.100.31',
  'jp.example.com': '198.51.100.32',
  'de.example.com': '198.51.100.33',
  'nas.home.arpa': '192.168.1.20',
  'sub.example.com': '127.0.0.9', // no web stand-in: the subscription scenario serves its own document there
};

/** Web stand-ins (HTTP on 80, HTTPS on 443): every address a name above points at, plus these. */
export const WEB_ADDRESSES = [...new Set([...Object.values(HOSTS), '192.0.2.10', '203.0.113.10', '198.51.100.20', '192.168.1.10', '203.0.113.20'])]
  .filter((a) => !a.startsWith('127.'));

/** DNS stand-ins: address -> transports served (udp/tcp on 53, DoT on 853, DoH on 443 /dns-query). */
export const DNS_SERVERS = {
  '127.0.0.53': ['udp', 'tcp'], // the lab's resolv.conf (the "system" DNS)
  '127.0.0.1': ['udp', 'tcp'], // "a DNS service on this machine", as examples say
  '8.8.8.8': ['udp', 'tcp', 'doh', 'dot'],
  '8.8.4.4': ['udp', 'tcp'],
  '1.1.1.1': ['udp', 'tcp', 'doh', 'dot'],
  '223.5.5.5': ['udp', 'tcp', 'doh', 'dot'],
  '223.6.6.6': ['udp', 'tcp'],
  '114.114.114.114': ['udp', 'tcp'],
  '119.29.29.29': ['udp', 'tcp'],
  '10.0.0.53': ['udp', 'tcp'], // a LAN DNS server (the v5 DNS example)
  '9.9.9.9': ['udp', 'tcp'],
};

/** geoip.dat codes -> CIDRs; the lab's own, so "CN" is what the lab says it is. */
export const GEOIP = {
  cn: ['110.242.68.0/24', '111.30.144.0/24', '223.5.5.0/24', '223.6.6.0/24', '114.114.114.0/24', '119.29.29.0/24'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '127.0.0.0/8', '169.254.0.0/16', '100.64.0.0/10'],
  us: ['93.184.216.0/24', '142.250.0.0/16', '8.8.8.0/24', '1.1.1.0/24'],
};

/** geosite.dat codes -> domains ("domain:" matching, so subdomains too). */
export const GEOSITE = {
  cn: ['baidu.com', 'qq.com', 'alidns.com'],
  'geolocation-!cn': ['example.com', 'google.com', 'github.com', 'dns.google'],
  'geolocation-cn': ['baidu.com', 'qq.com'],
  'category-ads-all': ['doubleclick.net', 'ads.example.com'],
  google: ['google.com', 'dns.google'],
  private: ['localhost.lab'],
};

/** Every address the lab puts on loopback. */
export function labAddresses() {
  return [...new Set([...WEB_ADDRESSES, ...Object.keys(DNS_SERVERS), ...Object.values(HOSTS)])]
    .filter((a) => !a.startsWith('127.0.0.1'));
}
