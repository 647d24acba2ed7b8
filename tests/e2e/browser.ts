// The Chromium the end-to-end tests drive: scripts/chromium.cjs, shared with the benchmark.
export {findChromium, chromiumArgs} from '../../scripts/chromium.cjs';
