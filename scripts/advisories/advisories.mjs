// What `npm run audit` needs when the registry's audit service is absent: the locked
// production packages, GitHub advisories (OSV format) turned into semver ranges, and which locked
// versions those ranges affect. scripts/advisories/refresh.mjs writes the snapshot this reads.
import semver from 'semver';

/** Severities that fail the audit, as `npm audit --audit-level=high`. */
export const failingSeverities = ['high', 'critical'];

/** Every package in a v2/v3 package-lock.json: name, version and where it is installed. */
export function lockedPackages(lock) {
  return Object.entries(lock.packages ?? {})
    .filter(([path, entry]) => path !== '' && entry.version && !entry.link)
    .map(([path, entry]) => ({
      name: entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: entry.version,
      path,
      dev: Boolean(entry.dev),
    }));
}

/** What `npm audit --omit=dev` checks: everything not only reachable through devDependencies. */
export function productionPackages(lock) {
  return lockedPackages(lock).filter((p) => !p.dev);
}

/**
 * The semver ranges of one OSV `affected` entry of the npm ecosystem: each introduced..fixed
 * (or ..last_affected) interval of its ECOSYSTEM ranges; an interval with no end is bounded by
 * GitHub's last_known_affected_version_range when it has one, else open. Listed versions are
 * exact ranges.
 */
export function affectedRanges(affected) {
  const ranges = [];
  const lastKnown = affected.database_specific?.last_known_affected_version_range?.replace(/([<>=]+)\s+/g, '$1');
  for (const range of affected.ranges ?? []) {
    if (range.type !== 'ECOSYSTEM' && range.type !== 'SEMVER') continue;
    let introduced;
    for (const event of range.events ?? []) {
      if ('introduced' in event) {
        introduced = event.introduced;
      } else if (introduced !== undefined && ('fixed' in event || 'last_affected' in event)) {
        ranges.push(interval(introduced, 'fixed' in event ? `<${event.fixed}` : `<=${event.last_affected}`));
        introduced = undefined;
      }
    }
    if (introduced !== undefined) ranges.push(interval(introduced, lastKnown));
  }
  if (ranges.length === 0) ranges.push(...(affected.versions ?? []).map((v) => `=${v}`));
  return ranges;
}

function interval(introduced, end) {
  const start = introduced === '0' ? '' : `>=${introduced}`;
  return [start, end ?? ''].filter(Boolean).join(' ') || '*';
}

/**
 * The compact form of one GitHub advisory for the packages in `names` (a Set), or [] when it is
 * not npm, not high/critical, withdrawn, or about none of them: [{id, package, severity, ranges}].
 */
export function compactAdvisory(advisory, names) {
  const severity = advisory.database_specific?.severity?.toLowerCase();
  if (!failingSeverities.includes(severity) || advisory.withdrawn) return [];
  const byPackage = new Map();
  for (const affected of advisory.affected ?? []) {
    const {ecosystem, name} = affected.package ?? {};
    if (ecosystem !== 'npm' || !names.has(name)) continue;
    byPackage.set(name, [...(byPackage.get(name) ?? []), ...affectedRanges(affected)]);
  }
  return [...byPackage].map(([name, ranges]) => ({id: advisory.id, package: name, severity, ranges}));
}

/** Whether `version` is in any of the advisory's ranges (prereleases included, as advisories mean them). */
export function affects(advisory, version) {
  return advisory.ranges.some((range) => semver.satisfies(version, range, {includePrerelease: true}));
}

/** Each locked package that a snapshot advisory affects: [{package, advisory}]. */
export function affectedPackages(packages, advisories) {
  const byName = new Map();
  for (const advisory of advisories) byName.set(advisory.package, [...(byName.get(advisory.package) ?? []), advisory]);
  return packages.flatMap((p) => (byName.get(p.name) ?? [])
    .filter((advisory) => affects(advisory, p.version))
    .map((advisory) => ({package: p, advisory})));
}

/**
 * What `npm audit --json` answered: a report ({kind: 'report', counts}), an audit service that is
 * genuinely absent (HTTP 404/405, or no network: {kind: 'absent', why}), or anything else, which
 * must fail the audit ({kind: 'error', why}).
 */
export function classifyAuditAnswer(stdout, stderr = '') {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    report = undefined;
  }
  if (report?.metadata?.vulnerabilities) return {kind: 'report', counts: report.metadata.vulnerabilities};
  // npm's own warnings come first on stderr; its error is on the last lines.
  const errorLines = stderr.split('\n').filter((line) => /\berror\b/i.test(line) && !/^npm warn/i.test(line));
  const why = (report?.message || report?.error?.summary || errorLines.join(' ') || stderr.trim().split('\n').pop() || '').trim();
  const text = [report?.message, report?.error?.summary, report?.error?.detail, ...errorLines].filter(Boolean).join(' ');
  const status = Number(report?.statusCode ?? report?.error?.statusCode ?? /\b(40[45])\b/.exec(text)?.[1]);
  if (status === 404 || status === 405) return {kind: 'absent', why: `HTTP ${status}: ${why}`};
  const code = [report?.code, report?.errno, report?.error?.code, text].filter(Boolean).join(' ');
  if (/\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENETDOWN)\b/.test(code)) {
    return {kind: 'absent', why: `no network: ${why}`};
  }
  return {kind: 'error', why: why || 'no answer'};
}
