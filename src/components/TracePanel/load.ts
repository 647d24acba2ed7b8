/**
 * The panel's chunk (the panel and the engine, src/tracer), fetched once. Its own module so that
 * the checker page can start the fetch with its own chunks without taking the rest of ./index.
 */
import type {ComponentType} from 'react';
import {loadOnce} from '@site/src/utils/chunks';
import type {Props} from './props';

export const loadPanel: () => Promise<ComponentType<Props>> = loadOnce(() => import(/* webpackChunkName: "trace-panel" */ './Panel').then((m) => m.default));

/** Fetch the panel ahead of the first trace (the checker page starts this with its own chunks). */
export function prefetchTracePanel(): void {
  loadPanel().catch(() => undefined);
}
