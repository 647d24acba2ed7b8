import type {Lang} from '@site/src/utils/lang';

/** What the checker hands the panel: the parsed configuration, its format, and the page's language. */
export type Props = {value: unknown; version: 'v4' | 'v5'; lang: Lang};
