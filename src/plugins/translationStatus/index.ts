/**
 * Which English pages are behind their Chinese source, from git. Used by
 * `npm run translation-status` (scripts/translationStatus.ts) and, at build time, by the
 * markdown.parseFrontMatter hook (docusaurus.config.ts), which gives an English page that is
 * behind the front matter key `translationBehind` for the DocItem/Content wrapper to show.
 *
 * A page's last change is the newest commit that changed its content: the body, or the front
 * matter keys readers see (title, description, sidebar_label). Commits that only change other
 * front matter keys (checkedAgainst, anchorAliases, translatedFrom, keywords: search terms are
 * chosen per language, not translated) or only whitespace (as `git diff -w --ignore-blank-lines`
 * sees it) do not count. Changes not yet committed are not counted either; they are listed.
 *
 * With a `translatedFrom: <commit>` mark in the English front matter, the page is up to date
 * while the Chinese has not changed after that commit, else behind. Without a mark:
 * - behind: the Chinese changed after the English did;
 * - up to date: the commit of the last Chinese change changed the English content too (written
 *   together, as every page was first written);
 * - unconfirmed: the English changed only after the last Chinese change, in another commit. That
 *   may be the translation of it or an unrelated English fix; only a mark can say which, so the
 *   page is not called up to date, and readers get the notice as for a page that is behind.
 * Merge commits are skipped (the commits they merge carry the changes); renames are not followed
 * (a moved page starts a new history).
 *
 * Only node: modules and the page map (builder/content/files.mjs) here:
 * tests/unit/translation-status.test.mjs imports this file directly.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import {PAGE_ROOTS, pageFiles, pageOfFile, pageRootOf, twinOf} from '../../../builder/content/files.mjs';

/** Front matter keys whose change a reader sees, so a translator must follow it. */
const translatableKeys = new Set(['title', 'description', 'sidebar_label']);

export type Commit = {hash: string; date: string};

export type PageStatus = {
  /** Site-relative paths, e.g. docs/config/routing.md. */
  zhFile: string;
  enFile: string;
  /** Newest content change of each file; null when git has none (new, uncommitted file). */
  zh: Commit | null;
  en: Commit | null;
  /** The English page's `translatedFrom` mark as written, if any. */
  translatedFrom: string | null;
  state: 'up to date' | 'behind' | 'unconfirmed' | 'no English page' | 'not committed' | 'unknown mark';
  /**
   * For a page that is behind: the commits to diff the Chinese file between; for one that is
   * unconfirmed, the last Chinese change (`from` is its parent, `<hash>^`).
   */
  diff: {from: string; to: string} | null;
  /** The page's files (zhFile, enFile) with content changes not yet committed: not counted. */
  uncommitted: string[];
};

// ---------------------------------------------------------------- pure parts

/** Splits `---\n…\n---\n` front matter from the body; no front matter gives ''. */
export function splitFrontMatter(text: string): {frontMatter: string; body: string} {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  return match ? {frontMatter: match[1]!, body: text.slice(match[0].length)} : {frontMatter: '', body: text};
}

/** Top-level front matter entries (a key line and its indented continuation lines), by key. */
export function frontMatterEntries(frontMatter: string): Map<string, string> {
  const entries = new Map<string, string>();
  let key: string | null = null;
  for (const line of frontMatter.split(/\r?\n/)) {
    const top = /^([A-Za-z_][\w-]*)\s*:/.exec(line);
    if (top) {
      key = top[1]!;
      entries.set(key, line);
    } else if (key !== null) {
      entries.set(key, `${entries.get(key)}\n${line}`);
    }
  }
  return entries;
}

/**
 * What must change for a commit to count: the body and the translatable front matter keys,
 * all whitespace removed. `null` (the file does not exist) differs from any text.
 */
export function contentKey(text: string | null): string | null {
  if (text === null) return null;
  const {frontMatter, body} = splitFrontMatter(text);
  const kept = [...frontMatterEntries(frontMatter)]
    .filter(([key]) => translatableKeys.has(key))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, entry]) => entry);
  return [...kept, '\0', body].join('\n').replace(/\s+/g, '');
}

/** The `translatedFrom` mark of an English file's front matter, unquoted; null without one. */
export function translatedFromMark(text: string): string | null {
  const entry = frontMatterEntries(splitFrontMatter(text).frontMatter).get('translatedFrom');
  const value = entry ? /^translatedFrom\s*:\s*['"]?([0-9A-Za-z._\/-]+)['"]?\s*(?:#.*)?$/.exec(entry.trim())?.[1] : undefined;
  return value ?? null;
}

/**
 * One file's change in one commit (newest first), with its text before and after; null when the
 * file did not exist on that side.
 */
export type FileChange = {commit: Commit; before: string | null; after: string | null};

/** The newest change that counts (see the header), or null. */
export function lastContentChange(changes: readonly FileChange[]): Commit | null {
  return changes.find((c) => contentKey(c.before) !== contentKey(c.after))?.commit ?? null;
}

/**
 * Whether the English page is behind (see the header). `isAncestor(a, b)`: commit a is b or an
 * ancestor of b. `mark` is the resolved `translatedFrom` commit (undefined: no mark; null: a mark
 * git does not know). `enChangedWithZh`: the commit of the last Chinese change also changed the
 * English content.
 */
export function compare(
  zh: Commit | null,
  en: Commit | null,
  mark: string | null | undefined,
  isAncestor: (a: string, b: string) => boolean,
  enChangedWithZh = false,
): Pick<PageStatus, 'state' | 'diff'> {
  if (zh === null) return {state: 'not committed', diff: null};
  if (mark === null) return {state: 'unknown mark', diff: null};
  const reference = mark ?? en?.hash;
  if (reference === undefined) return {state: 'behind', diff: null};
  if (!isAncestor(zh.hash, reference)) return {state: 'behind', diff: {from: reference, to: zh.hash}};
  if (mark !== undefined || zh.hash === en?.hash || enChangedWithZh) return {state: 'up to date', diff: null};
  return {state: 'unconfirmed', diff: {from: `${zh.hash}^`, to: zh.hash}};
}

/** The English file of a Chinese one, or null when it is not in a Chinese page folder. */
export function englishFileOf(zhFile: string): string | null {
  return pageRootOf(zhFile)?.lang === 'zh' ? twinOf(zhFile) : null;
}

/** The Chinese file of an English one, or null. */
export function chineseFileOf(enFile: string): string | null {
  return pageRootOf(enFile)?.lang === 'en' ? twinOf(enFile) : null;
}

/** The route of a Chinese file: docs/config/routing.md -> /config/routing, versioned_docs/v5/x.md -> /v5/x. */
export function routeOf(zhFile: string): string {
  return pageOfFile(zhFile)?.page ?? zhFile;
}

/** A commit name shortened to 7 hex digits, keeping a suffix such as `^`. */
const short = (name: string) => name.replace(/^([0-9a-f]{7})[0-9a-f]+/, '$1');
const describe = (commit: Commit | null) => (commit ? `${commit.date.slice(0, 10)} ${short(commit.hash)}` : '-');

/** The command that shows what changed in Chinese since the English page was last brought up to date. */
export function diffCommand(page: Pick<PageStatus, 'zhFile' | 'diff'>): string | null {
  return page.diff ? `git diff ${short(page.diff.from)}..${short(page.diff.to)} -- ${page.zhFile}` : null;
}

/** The `npm run translation-status` table: aligned columns, the diff command last. */
export function formatStatusTable(pages: readonly PageStatus[]): string {
  const header = ['page', 'Chinese changed', 'English changed', 'state', 'what changed in Chinese since'];
  const rows = pages.map((page) => [
    routeOf(page.zhFile),
    describe(page.zh),
    page.translatedFrom ? `${describe(page.en)} (checked ${page.translatedFrom.slice(0, 7)})` : describe(page.en),
    page.uncommitted.length && page.state !== 'not committed' ? `${page.state} (+ not committed, not counted)` : page.state,
    diffCommand(page) ?? '',
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/**
 * Parses `git status --porcelain=v1 -z --untracked-files=all --no-renames`: the paths with
 * changes not yet committed (staged, unstaged, untracked or deleted).
 */
export function parseStatus(status: string): string[] {
  return status.split('\0').filter((entry) => entry.length > 3).map((entry) => entry.slice(3));
}

/**
 * Parses `git log --raw --no-abbrev --format=%x1e%H%x09%cI`: per path, its changes newest first
 * as blob ids (null for the all-zero id of a file that is absent on that side).
 */
export function parseRawLog(log: string): Map<string, {commit: Commit; before: string | null; after: string | null}[]> {
  const byPath = new Map<string, {commit: Commit; before: string | null; after: string | null}[]>();
  const blob = (id: string) => (/^0+$/.test(id) ? null : id);
  for (const entry of log.split('\x1e')) {
    const [header, ...lines] = entry.split('\n');
    if (!header) continue;
    const [hash = '', date = ''] = header.split('\t');
    for (const line of lines) {
      const raw = /^:\d+ \d+ ([0-9a-f]+) ([0-9a-f]+) [A-Z]\d*\t(.+)$/.exec(line);
      if (!raw) continue;
      const path = raw[3]!;
      let list = byPath.get(path);
      if (!list) byPath.set(path, list = []);
      list.push({commit: {hash, date}, before: blob(raw[1]!), after: blob(raw[2]!)});
    }
  }
  return byPath;
}

// ---------------------------------------------------------------- git

function git(cwd: string, args: string[], input?: string): Buffer | null {
  try {
    return execFileSync('git', ['-c', 'core.quotePath=false', ...args], {
      cwd, input, maxBuffer: 1024 * 1024 * 1024, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
}

/** Reads blobs with one `git cat-file --batch`. */
function readBlobs(root: string, ids: readonly string[]): Map<string, string> {
  const texts = new Map<string, string>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return texts;
  const out = git(root, ['cat-file', '--batch'], `${unique.join('\n')}\n`);
  if (!out) return texts;
  let at = 0;
  while (at < out.length) {
    const newline = out.indexOf(0x0a, at);
    if (newline < 0) break;
    const [id = '', type, size] = out.subarray(at, newline).toString('utf8').split(' ');
    at = newline + 1;
    if (type === 'missing' || size === undefined) continue;
    const length = Number(size);
    texts.set(id, out.subarray(at, at + length).toString('utf8'));
    at += length + 1;
  }
  return texts;
}

/** The page files of one language, relative to the site, sorted. */
function markdownFiles(siteDir: string, lang: 'zh' | 'en'): string[] {
  return pageFiles(siteDir).filter((p) => p.lang === lang).map((p) => p.file).sort();
}

/** Every page of the site and how its English file stands; null when git is not available. */
export function translationStatus(siteDir: string): PageStatus[] | null {
  const root = git(siteDir, ['rev-parse', '--show-toplevel'])?.toString('utf8').trim();
  if (!root || git(root, ['rev-parse', '--verify', '--quiet', 'HEAD']) === null) return null;
  const prefix = relative(root, resolve(siteDir)).split('\\').join('/');
  const inRepo = (file: string) => (prefix ? `${prefix}/${file}` : file);
  const dirs = PAGE_ROOTS.map((r) => r.dir);
  const log = git(root, ['log', '--topo-order', '--no-merges', '--no-renames', '--raw', '--no-abbrev',
    '--format=%x1e%H%x09%cI', 'HEAD', '--', ...dirs.map(inRepo)]);
  if (log === null) return null;
  const history = parseRawLog(log.toString('utf8'));

  // Newest change first; most files settle on their first or second commit, so blobs are read
  // in rounds (one cat-file each) only for the files still unsettled.
  const files = [...markdownFiles(siteDir, 'zh'), ...markdownFiles(siteDir, 'en')];
  const last = new Map<string, Commit | null>();
  const pending = new Map(files.map((file) => [file, history.get(inRepo(file)) ?? []]));
  for (let depth = 0; pending.size > 0; depth += 1) {
    const round = [...pending].map(([file, changes]) => [file, changes[depth]] as const);
    const texts = readBlobs(root, round.flatMap(([, c]) => (c ? [c.before, c.after].filter((id): id is string => id !== null) : [])));
    for (const [file, change] of round) {
      if (!change) {
        last.set(file, null);
        pending.delete(file);
        continue;
      }
      const text = (id: string | null) => (id === null ? null : texts.get(id) ?? null);
      if (lastContentChange([{commit: change.commit, before: text(change.before), after: text(change.after)}])) {
        last.set(file, change.commit);
        pending.delete(file);
      }
    }
  }

  // The English content also changed in the commit of the last Chinese change: written together.
  const together = new Map<string, {before: string | null; after: string | null}>();
  for (const zhFile of markdownFiles(siteDir, 'zh')) {
    const zhLast = last.get(zhFile);
    const enFile = englishFileOf(zhFile)!;
    const change = zhLast && history.get(inRepo(enFile))?.find((c) => c.commit.hash === zhLast.hash);
    if (change) together.set(enFile, change);
  }
  const togetherTexts = readBlobs(root, [...together.values()].flatMap((c) => [c.before, c.after].filter((id): id is string => id !== null)));
  const blobText = (id: string | null) => (id === null ? null : togetherTexts.get(id) ?? null);
  const enChangedWithZh = (enFile: string) => {
    const change = together.get(enFile);
    return change !== undefined && contentKey(blobText(change.before)) !== contentKey(blobText(change.after));
  };

  // Changes not committed yet: listed, not counted. Only content changes (as for commits).
  const changed = parseStatus(git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--',
    ...dirs.map(inRepo)])?.toString('utf8') ?? '');
  const committedIds = new Map<string, string>();
  if (changed.length) {
    const tree = git(root, ['ls-tree', '-r', '-z', 'HEAD', '--', ...changed])?.toString('utf8') ?? '';
    for (const entry of tree.split('\0')) {
      const row = /^\d+ blob ([0-9a-f]+)\t(.+)$/s.exec(entry);
      if (row) committedIds.set(row[2]!, row[1]!);
    }
  }
  const committedTexts = readBlobs(root, [...committedIds.values()]);
  const uncommitted = new Set(changed.filter((path) => {
    const id = committedIds.get(path);
    const full = join(root, path);
    const now = existsSync(full) ? readFileSync(full, 'utf8') : null;
    return contentKey(id === undefined ? null : committedTexts.get(id) ?? null) !== contentKey(now);
  }).map((path) => (prefix && path.startsWith(`${prefix}/`) ? path.slice(prefix.length + 1) : path)));
  const uncommittedOf = (...files: string[]) => files.filter((file) => uncommitted.has(file));

  const isAncestor = (a: string, b: string) =>
    spawnSync('git', ['merge-base', '--is-ancestor', a, b], {cwd: root, stdio: 'ignore'}).status === 0;
  const resolveCommit = (name: string) =>
    git(root, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`])?.toString('utf8').trim() || null;

  return markdownFiles(siteDir, 'zh').map((zhFile): PageStatus => {
    const enFile = englishFileOf(zhFile)!;
    const zhLast = last.get(zhFile) ?? null;
    const enLast = last.get(enFile) ?? null;
    if (!existsSync(join(siteDir, enFile))) {
      return {zhFile, enFile, zh: zhLast, en: null, translatedFrom: null, state: 'no English page', diff: null, uncommitted: uncommittedOf(zhFile)};
    }
    const translatedFrom = translatedFromMark(readFileSync(join(siteDir, enFile), 'utf8'));
    const mark = translatedFrom === null ? undefined : resolveCommit(translatedFrom);
    return {zhFile, enFile, zh: zhLast, en: enLast, translatedFrom, ...compare(zhLast, enLast, mark, isAncestor, enChangedWithZh(enFile)),
      uncommitted: uncommittedOf(zhFile, enFile)};
  });
}

// ---------------------------------------------------------------- build time

/**
 * What the reader's notice needs: the date and commit of the Chinese change, and whether the
 * English is behind it or changed after it without a mark confirming it follows it.
 */
export type TranslationBehind = {date: string; commit: string; state: 'behind' | 'unconfirmed'};

const statusBySite = new Map<string, Map<string, PageStatus> | null>();

/**
 * For the parseFrontMatter hook: `{date, commit, state}` of the Chinese change an English file has
 * not followed or not confirmed, or null (up to date, not an English page, or no git). The status
 * is read once per site and process.
 */
export function translationBehind(siteDir: string, filePath: string): TranslationBehind | null {
  let byEnglish = statusBySite.get(siteDir);
  if (byEnglish === undefined) {
    const pages = translationStatus(siteDir);
    byEnglish = pages && new Map(pages.map((page) => [page.enFile, page]));
    statusBySite.set(siteDir, byEnglish);
  }
  const page = byEnglish?.get(relative(siteDir, filePath).split('\\').join('/'));
  if ((page?.state !== 'behind' && page?.state !== 'unconfirmed') || !page.zh) return null;
  return {date: page.zh.date.slice(0, 10), commit: page.zh.hash.slice(0, 7), state: page.state};
}
