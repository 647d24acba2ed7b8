#!/usr/bin/env node
/**
 * The GitHub Actions workflows are valid, and the publishing workflow does
 * what README.md "Publishing" says. Each file in .github/workflows is validated against GitHub's
 * workflow schema by @action-validator/core (a maintained validator, from npm); then the
 * publishing workflow is held to our own rules:
 * - a job runs the README's test command (`npm test`) before anything is published;
 * - the site is built with `npm run build`, given every DOCSEARCH_* variable config/search.ts
 *   reads, from repository secrets, and `build/` is what gets published to GitHub Pages;
 * - static/CNAME names the host of docusaurus.config.ts `url`, and static/robots.txt names the
 *   sitemap of each language on that host.
 *
 * Usage: node scripts/checkWorkflows.mjs
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {validateWorkflow} from '@action-validator/core';
import yaml from 'js-yaml';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Schema problems of one workflow file's text, as short lines (empty: valid). */
export function schemaProblems(text) {
  const {errors} = validateWorkflow(text);
  const lines = [];
  const walk = (list) => {
    for (const e of list) {
      if (e.states) for (const state of e.states) walk(state.errors ?? []);
      else lines.push(`${e.path || '/'}: ${e.detail ?? e.title}`);
    }
  };
  walk(errors);
  return [...new Set(lines)];
}

/** Every `run:` of a job, and the `uses:` steps. */
const steps = (job) => (Array.isArray(job?.steps) ? job.steps : []);
const runs = (job) => steps(job).map((s) => (typeof s.run === 'string' ? s.run : '')).join('\n');

/**
 * What the publishing workflow must do. `docsearchVars`: the DOCSEARCH_* names config/search.ts
 * reads. Returns problems as sentences (empty: it does what the README says).
 */
export function publishingProblems(workflow, docsearchVars) {
  const problems = [];
  const jobs = workflow?.jobs ?? {};
  const entries = Object.entries(jobs);
  const testJob = entries.find(([, job]) => /(^|\s|&&\s*)npm test(\s|$)/m.test(runs(job)));
  if (!testJob) problems.push('no job runs `npm test`, the README\'s test command');
  const uploadJob = entries.find(([, job]) => steps(job).some((s) => /^actions\/upload-pages-artifact@/.test(s.uses ?? '')));
  if (!uploadJob) {
    problems.push('no job uploads the site with actions/upload-pages-artifact');
  } else {
    const [name, job] = uploadJob;
    const upload = steps(job).find((s) => /^actions\/upload-pages-artifact@/.test(s.uses ?? ''));
    if (upload.with?.path !== 'build') problems.push(`${name}: the uploaded folder is ${JSON.stringify(upload.with?.path)}, not "build"`);
    const build = steps(job).find((s) => /\bnpm run build\b/.test(s.run ?? ''));
    if (!build) problems.push(`${name}: no \`npm run build\` before the upload`);
    for (const variable of docsearchVars) {
      const value = build?.env?.[variable];
      if (typeof value !== 'string' || !value.includes(`secrets.${variable}`)) {
        problems.push(`${name}: the build does not get ${variable} from secrets.${variable}`);
      }
    }
    const needs = [job.needs ?? []].flat();
    if (testJob && !needs.includes(testJob[0])) problems.push(`${name}: does not wait for the test job (needs: ${testJob[0]})`);
  }
  const deploy = entries.find(([, job]) => steps(job).some((s) => /^actions\/deploy-pages@/.test(s.uses ?? '')));
  if (!deploy) problems.push('no job publishes with actions/deploy-pages');
  else if (uploadJob && ![deploy[1].needs ?? []].flat().includes(uploadJob[0])) problems.push(`${deploy[0]}: does not wait for ${uploadJob[0]}`);
  const triggers = workflow?.on ?? workflow?.[true];
  if (!triggers?.push) problems.push('the workflow does not run on push');
  return problems;
}

/** static/CNAME and static/robots.txt against the production address. */
export function staticFileProblems(siteUrl, cname, robots, locales) {
  const problems = [];
  const host = new URL(siteUrl).host;
  if (cname?.trim() !== host) problems.push(`static/CNAME is ${JSON.stringify(cname?.trim())}, not the site's host ${host}`);
  for (const prefix of locales) {
    const sitemap = `${siteUrl}${prefix}/sitemap.xml`;
    if (!robots || !new RegExp(`^Sitemap:\\s*${sitemap.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*$`, 'mi').test(robots)) {
      problems.push(`static/robots.txt does not name the sitemap ${sitemap}`);
    }
  }
  return problems;
}

function main() {
  const dir = join(root, '.github/workflows');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)) : [];
  const problems = [];
  if (files.length === 0) problems.push('.github/workflows has no workflow');
  for (const file of files) {
    for (const p of schemaProblems(readFileSync(join(dir, file), 'utf8'))) problems.push(`.github/workflows/${file}: ${p}`);
  }
  const searchConfig = readFileSync(join(root, 'config/search.ts'), 'utf8');
  const docsearchVars = [...new Set([...searchConfig.matchAll(/process\.env\.(DOCSEARCH_\w+)/g)].map((m) => m[1]))];
  const publishing = join(dir, 'publish.yml');
  if (existsSync(publishing)) {
    for (const p of publishingProblems(yaml.load(readFileSync(publishing, 'utf8')), docsearchVars)) problems.push(`.github/workflows/publish.yml: ${p}`);
  } else {
    problems.push('.github/workflows/publish.yml is missing');
  }
  const siteUrl = /\burl:\s*'([^']+)'/.exec(readFileSync(join(root, 'docusaurus.config.ts'), 'utf8'))?.[1];
  const read = (f) => (existsSync(join(root, f)) ? readFileSync(join(root, f), 'utf8') : null);
  problems.push(...staticFileProblems(siteUrl ?? 'https://invalid', read('static/CNAME'), read('static/robots.txt'), ['', '/en_US']));
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exit(1);
  console.log(`check:workflows: ${files.length} workflow(s) valid; publishing builds with ${docsearchVars.join(', ')} and publishes build/ after npm test`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
