/**
 * Contributors of each page from the git history of its source file, read once per build: a name
 * and, where the address is GitHub's no-reply form, the GitHub profile. No e-mail address leaves
 * this file: the front matter is published in each page's data, so an address put there would be
 * published too. Docusaurus has no option for it, so a
 * markdown.parseFrontMatter hook (docusaurus.config.ts) puts them in the page's front matter and
 * the DocItem/Footer wrapper shows them.
 *
 * A build without git, or from a copy with no .git, gets no contributors and no dates rather than
 * failing: showLastUpdateTime throws outside a work tree, so the config asks
 * isGitWorkTree() first.
 */
import {execFileSync} from 'node:child_process';
import {relative, resolve} from 'node:path';

export type Contributor = {name: string; profile?: string; commits: number};

/**
 * The GitHub profile an author's address names: GitHub's no-reply addresses
 * (`12345+login@users.noreply.github.com`, `login@users.noreply.github.com`) carry the login.
 * Any other address names no profile we can know.
 */
export function profileOf(email: string): string | undefined {
  const login = /^(?:\d+\+)?([a-z\d](?:[a-z\d-]{0,38}))@users\.noreply\.github\.com$/i.exec(email.trim())?.[1];
  return login ? `https://github.com/${login}` : undefined;
}

function git(cwd: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, {cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore']});
  } catch {
    return null;
  }
}

/** Whether `dir` is inside a git work tree with at least one commit. */
export function isGitWorkTree(dir: string): boolean {
  return git(dir, ['rev-parse', '--verify', '--quiet', 'HEAD']) !== null;
}

type History = {root: string; byFile: Map<string, Contributor[]>};
const histories = new Map<string, History | null>();

/**
 * One `git log` pass for the whole repository (a process per file would be hundreds of calls per
 * locale). %aN/%aE honour .mailmap. Renames are not followed: a moved page starts a new list.
 */
function readHistory(dir: string): History | null {
  const root = git(dir, ['rev-parse', '--show-toplevel'])?.trim();
  if (!root) return null;
  const log = git(root, ['log', '--no-merges', '--no-renames', '--format=%x1e%aN%x09%aE', '--name-only']);
  if (log === null) return null;
  const counts = new Map<string, Map<string, Contributor>>();
  for (const entry of log.split('\x1e')) {
    const [author, ...files] = entry.split('\n');
    if (!author) continue;
    const [name = '', email = ''] = author.split('\t');
    for (const file of files) {
      if (!file) continue;
      let people = counts.get(file);
      if (!people) counts.set(file, people = new Map());
      // one entry per name and profile shown: two addresses of one name are one person here
      const profile = profileOf(email);
      const key = profile ?? `name:${name}`;
      const known = people.get(key);
      if (known) known.commits += 1;
      else people.set(key, {name, commits: 1, ...(profile ? {profile} : {})});
    }
  }
  const byFile = new Map<string, Contributor[]>();
  for (const [file, people] of counts) {
    byFile.set(file, [...people.values()].sort((a, b) => b.commits - a.commits || a.name.localeCompare(b.name)));
  }
  return {root, byFile};
}

/** The people who committed to `filePath`, most commits first; [] without git or history. */
export function gitContributors(filePath: string): Contributor[] {
  const dir = resolve(filePath, '..');
  let history = [...histories.entries()].find(([root]) => !relative(root, filePath).startsWith('..'))?.[1];
  if (history === undefined) {
    history = readHistory(dir);
    histories.set(history?.root ?? dir, history);
  }
  if (!history) return [];
  return history.byFile.get(relative(history.root, filePath).split('\\').join('/')) ?? [];
}
