/** The numbers the site promises its readers (delays, widths, limits), in one place, the unit in each name. */
export const heroHeightPx = 280;
/**
 * The widest mobile screen: at this width and narrower the docs sidebar is off-canvas, behind the
 * navbar's menu button (src/theme/DocSidebar, src/css/custom.css); wider, it is beside the page.
 */
export const mobileBreakpointPx = 719;

/** The 404 page's messages, one chosen at random after mount. */
export const notFoundMessages = [
  "There's nothing here.",
  'How did we get here?',
  "That's a Four-Oh-Four.",
  "Looks like we've got some broken links.",
] as const;

/** Clipboard copied state default (1500 ms), used by the Uuid copy button. */
export const copiedStateMs = 1500;
/** How often the Uuid button regenerates while held down. */
export const uuidRepeatMs = 100;

/** Hosted search: one query per 500 ms pause in typing. */
export const searchDebounceMs = 500;
/**
 * The search page keeps its query in the address, but at most this many characters of it as the
 * address writes it (percent-encoded): hosts refuse an address of about 8 KB (GitHub Pages answers
 * 414), and a query that long is a paste, not something to share. The search itself uses it all.
 */
export const searchAddressMaxChars = 2048;

/** Reader interactions. */
export const backToTopThresholdPx = 100;
/** Copy-code copied state; the button is hidden at 419 px and narrower (CSS, copyButtonHiddenMaxWidthPx). */
export const codeCopiedStateMs = 2000;
export const copyButtonHiddenMaxWidthPx = 419;
/** Heading tracking: wait after scrolling stops, and how far below the navbar a heading counts as reached. */
export const headingTrackingDelayMs = 300;
export const headingTrackingOffsetPx = 5;
/** Image zoom: re-attach after a navigation; a scroll this long closes the zoomed image. */
export const imageZoomReattachMs = 300;
export const imageZoomScrollOffsetPx = 40;
/** A rendered diagram's container (theme-mermaid's MermaidContainerClassName, in src/theme/Mermaid). */
export const diagramSelector = '.markdown .docusaurus-mermaid-container';
/** Dispatched on window by src/theme/Mermaid each time a diagram has rendered (again, after a colour mode change). */
export const diagramRenderedEvent = 'site:diagram-rendered';
/** Mobile sidebar swipe: starts this close to the left edge, moves further than this horizontally. */
export const swipeEdgePx = 80;
export const swipeMinDistancePx = 40;

/**
 * Navbar: the narrowest window width at which the bar still holds six, five, four and
 * three of its links. Narrower than the first, the menu button appears and the links leave the
 * bar from the right into its menu (src/css/custom.css; the menu: src/theme/Navbar/MobileSidebar);
 * at Docusaurus's own 996 px every item but the brand and the search box is in the menu. Each step
 * leaves 35 px or more spare in both languages, measured with Noto Sans CJK and DejaVu Sans, the
 * widest Latin system font readers have.
 */
export const navbarLinkStepsPx = [1360, 1280, 1200, 1120] as const;

/** The configuration checker checks this long after the last keystroke. */
export const configCheckDebounceMs = 300;
/** A file bigger than this is refused: no configuration is anywhere near it. */
export const configCheckMaxFileBytes = 1024 * 1024;

/**
 * The trace panel: a trace stops after traceDeadlineMs (a configuration or a shared link cannot
 * keep the page busy longer); the shadowed-rule check, run once per configuration in a worker,
 * after shadowCheckDeadlineMs; at most tracedRulesShownFirst rules that do not match are listed in
 * a row before the rest of the row is folded.
 */
export const traceDeadlineMs = 1000;
export const shadowCheckDeadlineMs = 10000;
export const tracedRulesShownFirst = 3;
