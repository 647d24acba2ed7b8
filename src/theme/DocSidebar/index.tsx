/**
 * Ejected from @docusaurus/theme-classic 3.10.2, DocSidebar (wrapping cannot change the width it
 * switches at). Changed (CUSTOM): the docs sidebar is beside the page from 720 px up and in the
 * navbar's menu at mobileBreakpointPx (719 px) and narrower, not at upstream's 996 px.
 * Upstream's CSS only lays the desktop sidebar out from 997 px; src/css/custom.css does it for
 * 720-996 px.
 */
import React, {type ReactNode} from 'react';
import {useWindowSize} from '@docusaurus/theme-common';
import DocSidebarDesktop from '@theme/DocSidebar/Desktop';
import DocSidebarMobile from '@theme/DocSidebar/Mobile';
import type {Props} from '@theme/DocSidebar';
import {mobileBreakpointPx} from '@site/src/constants'; // (CUSTOM)

export type {Props};

export default function DocSidebar(props: Props): ReactNode {
  const windowSize = useWindowSize({desktopBreakpoint: mobileBreakpointPx}); // (CUSTOM)
  // Desktop sidebar visible on hydration: need SSR rendering
  const shouldRenderSidebarDesktop =
    windowSize === 'desktop' || windowSize === 'ssr';
  // Mobile sidebar not visible on hydration: can avoid SSR rendering
  const shouldRenderSidebarMobile = windowSize === 'mobile';
  return (
    <>
      {shouldRenderSidebarDesktop && <DocSidebarDesktop {...props} />}
      {shouldRenderSidebarMobile && <DocSidebarMobile {...props} />}
    </>
  );
}
