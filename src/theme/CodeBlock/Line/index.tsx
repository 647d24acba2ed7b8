/**
 * Wraps @docusaurus/theme-classic 3.10.2 CodeBlock/Line in React.memo. A code block re-renders
 * once after load, when it finds out whether it is wider than the screen (useCodeWordWrap), and
 * every line with it; its lines' props (the tokens and src/prism's memoized prop getters) do not
 * change, so memo skips them. On /config/routing.html at phone width that re-render was most of
 * the ~40 ms task that follows hydration.
 */
import {memo} from 'react';
import Line from '@theme-original/CodeBlock/Line';

export default memo(Line);
