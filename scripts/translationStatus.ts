/**
 * `npm run translation-status`: which English pages are behind their Chinese source, or changed
 * after it without confirming they follow it. The rules are in src/plugins/translationStatus
 * (content changes only; `translatedFrom` marks; changes not committed are listed, not counted).
 *
 *   npm run translation-status                 every page
 *   npm run translation-status -- --behind     only the pages that need work
 *   npm run translation-status -- --json       the same as JSON
 *   npm run translation-status -- --strict     exit 1 when a page is not up to date (or no git)
 */
import {resolve} from 'node:path';
import {parseArgs} from 'node:util';
import {formatStatusTable, translationStatus} from '../src/plugins/translationStatus';

const {values: args} = parseArgs({options: {
  behind: {type: 'boolean', default: false},
  json: {type: 'boolean', default: false},
  strict: {type: 'boolean', default: false},
}});

const siteDir = resolve(__dirname, '..');
const pages = translationStatus(siteDir);
if (pages === null) {
  console.error('translation-status: no git history here (a copy without .git?), nothing to compare.');
  process.exit(args.strict ? 1 : 0);
}

const notUpToDate = pages.filter((page) => page.state !== 'up to date');
const shown = args.behind ? notUpToDate : pages;
if (args.json) {
  console.log(JSON.stringify(shown, null, 2));
} else {
  console.log(formatStatusTable(shown));
  const count = (state: string) => pages.filter((page) => page.state === state).length;
  const behind = count('behind');
  const unconfirmed = count('unconfirmed');
  const other = notUpToDate.length - behind - unconfirmed;
  console.log(`\n${behind} of ${pages.length} English pages behind their Chinese source, ${unconfirmed} unconfirmed${other ? `, ${other} other (no English page, not committed, unknown translatedFrom)` : ''}.`);
  const uncommitted = pages.flatMap((page) => page.uncommitted);
  if (uncommitted.length) {
    console.log(`Not committed, not counted (the status above is that of the last commit): ${uncommitted.join(', ')}`);
  }
  if (behind || unconfirmed) {
    console.log([
      ...(unconfirmed ? ['Unconfirmed: the English changed after the last Chinese change, but no mark says it follows it.'] : []),
      'The last column is the git diff command that shows what changed in Chinese. For a Chinese paragraph add',
      '--word-diff-regex=. (Chinese has no spaces between words, so it marks the changed characters); for English, --word-diff.',
      'After checking a page against the Chinese, mark it: `translatedFrom: <Chinese commit>` in its front matter',
      '(WRITING.md "For translators").',
    ].join('\n'));
  }
}
process.exit(args.strict && notUpToDate.length > 0 ? 1 : 0);
