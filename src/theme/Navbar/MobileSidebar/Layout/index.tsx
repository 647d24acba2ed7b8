/**
 * Wraps @docusaurus/theme-classic 3.10.2 Navbar/MobileSidebar/Layout: the sidebar's menus (the
 * navbar links and the docs sidebar, ~90 elements) are created the first time the sidebar
 * opens, not right after every page load on a phone, where they were part of the task that
 * follows hydration. The panel itself and its header are there from the start, so
 * it still slides in; once opened, the menus stay.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import Layout from '@theme-original/Navbar/MobileSidebar/Layout';
import type LayoutType from '@theme/Navbar/MobileSidebar/Layout';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof LayoutType>;

export default function LayoutWrapper(props: Props): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const [opened, setOpened] = useState(shown);
  useEffect(() => {
    if (shown) setOpened(true);
  }, [shown]);
  const menus = shown || opened;
  return (
    <Layout
      {...props}
      primaryMenu={menus ? props.primaryMenu : null}
      secondaryMenu={menus ? props.secondaryMenu : null}
    />
  );
}
