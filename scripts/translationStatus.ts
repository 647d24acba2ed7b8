/**
 * `npm run translation-status`: which English pages are behind their Chinese source (issue 22).
 * The rules are in src/plugins/translationStatus (content changes only; `translatedFrom` marks).
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
  const behind = pages.filter((page) => page.state === 'behind').length;
  const other = notUpToDate.length - behind;
  console.log(`\n${behind} of ${pages.length} English pages behind their Chinese source${other ? `, ${other} other (no English page, not committed, unknown translatedFrom)` : ''}.`);
  if (behind) console.log('After checking a page against the Chinese, mark it: `translatedFrom: <Chinese commit>` in its front matter (WRITING.md).');
}
process.exit(args.strict && notUpToDate.length > 0 ? 1 : 0);
