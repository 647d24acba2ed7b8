/**
 * Ejected from @docusaurus/theme-classic 3.10.2, Navbar/MobileSidebar (--danger; imports
 * @docusaurus/theme-common/internal). Changed (CUSTOM):
 * - the menu exists wherever our navbar is collapsed, below navbarLinkStepsPx[0], not
 *   only where upstream's is (996 px and narrower, useNavbarMobileSidebar().shouldRender); it
 *   closes when the window grows past that width;
 * - it closes on every navigation (upstream only closes it on its own link clicks and on
 *   the back button), e.g. after Alt+Right or a link in the page;
 * - on screens 719 px wide or narrower, a swipe to the right that starts within 80 px of the left
 *   edge, moves more than 40 px and mostly sideways opens it; a swipe to the left closes it.
 *   Tapping the mask closes it (upstream's backdrop).
 */
import React, {useEffect, useRef, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {useWindowSize} from '@docusaurus/theme-common';
import {useLockBodyScroll, useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import NavbarMobileSidebarLayout from '@theme/Navbar/MobileSidebar/Layout';
import NavbarMobileSidebarHeader from '@theme/Navbar/MobileSidebar/Header';
import NavbarMobileSidebarPrimaryMenu from '@theme/Navbar/MobileSidebar/PrimaryMenu';
import NavbarMobileSidebarSecondaryMenu from '@theme/Navbar/MobileSidebar/SecondaryMenu';
import {mobileBreakpointPx, navbarLinkStepsPx, swipeEdgePx, swipeMinDistancePx} from '@site/src/constants';
import './styles.module.css';

type Sidebar = ReturnType<typeof useNavbarMobileSidebar>;

/** What a finished one-finger swipe asks of the sidebar, or null. */
export function swipeAction(start: {x: number; y: number}, end: {x: number; y: number}, shown: boolean): 'open' | 'close' | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) <= swipeMinDistancePx || Math.abs(dx) <= Math.abs(dy)) return null;
  if (!shown && dx > 0 && start.x <= swipeEdgePx) return 'open';
  if (shown && dx < 0) return 'close';
  return null;
}

function useCloseOnNavigation(sidebar: Sidebar): void {
  const {pathname} = useLocation();
  const latest = useRef(sidebar);
  latest.current = sidebar;
  useEffect(() => {
    if (latest.current.shown) latest.current.toggle();
  }, [pathname]);
}

/** Whether the navbar shows its menu button: the same widths as in src/css/custom.css. */
function useNavbarCollapsed(): boolean {
  return useWindowSize({desktopBreakpoint: navbarLinkStepsPx[0] - 1}) === 'mobile';
}

/** Above the collapse width the menu is gone; an open one would leave its mask over the page. */
function useCloseWhenExpanded(sidebar: Sidebar, collapsed: boolean): void {
  const latest = useRef(sidebar);
  latest.current = sidebar;
  useEffect(() => {
    if (!collapsed && latest.current.shown) latest.current.toggle();
  }, [collapsed]);
}

function useSwipe(sidebar: Sidebar): void {
  const latest = useRef(sidebar);
  latest.current = sidebar;
  useEffect(() => {
    let start: {x: number; y: number} | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start = event.touches.length === 1 && touch && window.innerWidth <= mobileBreakpointPx
        ? {x: touch.clientX, y: touch.clientY}
        : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const action = swipeAction(start, {x: touch.clientX, y: touch.clientY}, latest.current.shown);
      start = null;
      if (action && !latest.current.disabled) latest.current.toggle();
    };
    const onCancel = () => {
      start = null;
    };
    document.addEventListener('touchstart', onStart, {passive: true});
    document.addEventListener('touchend', onEnd, {passive: true});
    document.addEventListener('touchcancel', onCancel, {passive: true});
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
      document.removeEventListener('touchcancel', onCancel);
    };
  }, []);
}

export default function NavbarMobileSidebar(): ReactNode {
  const mobileSidebar = useNavbarMobileSidebar();
  const collapsed = useNavbarCollapsed(); // (CUSTOM)
  useLockBodyScroll(mobileSidebar.shown);
  useCloseOnNavigation(mobileSidebar); // (CUSTOM)
  useCloseWhenExpanded(mobileSidebar, collapsed); // (CUSTOM)
  useSwipe(mobileSidebar); // (CUSTOM)
  if (mobileSidebar.disabled || !collapsed) { // (CUSTOM) upstream: !mobileSidebar.shouldRender
    return null;
  }
  return (
    <NavbarMobileSidebarLayout
      header={<NavbarMobileSidebarHeader />}
      primaryMenu={<NavbarMobileSidebarPrimaryMenu />}
      secondaryMenu={<NavbarMobileSidebarSecondaryMenu />}
    />
  );
}
