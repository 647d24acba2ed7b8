/**
 * Ejected from @docusaurus/theme-classic 3.10.2, NavbarItem/LocaleDropdownNavbarItem.
 * Changed (CUSTOM): a locale's entry keeps the current page only when that page is a real route;
 * otherwise (a 404 address) it goes to that locale's home. Same-domain locales only.
 */
import React, {type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useAlternatePageUtils} from '@docusaurus/theme-common/internal';
import {translate} from '@docusaurus/Translate';
import {mergeSearchStrings, useHistorySelector} from '@docusaurus/theme-common';
import {useLocation} from '@docusaurus/router';
import DropdownNavbarItem from '@theme/NavbarItem/DropdownNavbarItem';
import IconLanguage from '@theme/Icon/Language';
import type {LinkLikeNavbarItemProps} from '@theme/NavbarItem';
import type {Props} from '@theme/NavbarItem/LocaleDropdownNavbarItem';
import {isRoute} from './isRoute';

import styles from './styles.module.css';

export default function LocaleDropdownNavbarItem({
  mobile,
  dropdownItemsBefore,
  dropdownItemsAfter,
  queryString,
  ...props
}: Props): ReactNode {
  const {
    i18n: {currentLocale, locales, localeConfigs},
  } = useDocusaurusContext();
  const alternatePageUtils = useAlternatePageUtils();
  const search = useHistorySelector((history) => history.location.search);
  const hash = useHistorySelector((history) => history.location.hash);
  const {pathname} = useLocation();
  // (CUSTOM) every page exists in both locales (tests/content), so a path that is a route
  // here is a route there; a path that is not (the 404 page) falls back to the home page.
  const keepPage = isRoute(pathname);

  const localeItems = locales.map((locale): LinkLikeNavbarItemProps => {
    const config = localeConfigs[locale]!;
    const base = keepPage
      ? alternatePageUtils.createUrl({locale, fullyQualified: false})
      : config.baseUrl; // (CUSTOM)
    const finalSearch = keepPage ? mergeSearchStrings([search, queryString], 'append') : '';
    return {
      label: config.label,
      lang: config.htmlLang,
      to: `pathname://${base}${finalSearch}${keepPage ? hash : ''}`,
      target: '_self',
      autoAddBaseUrl: false,
      className:
        // eslint-disable-next-line no-nested-ternary
        locale === currentLocale
          ? mobile
            ? 'menu__link--active'
            : 'dropdown__link--active'
          : '',
    };
  });

  const items = [...dropdownItemsBefore, ...localeItems, ...dropdownItemsAfter];

  const dropdownLabel = mobile
    ? translate({
        message: 'Languages',
        id: 'theme.navbar.mobileLanguageDropdown.label',
        description: 'The label for the mobile language switcher dropdown',
      })
    : localeConfigs[currentLocale]!.label;

  return (
    <DropdownNavbarItem
      {...props}
      mobile={mobile}
      label={
        <>
          <IconLanguage className={styles.iconLanguage} />
          {dropdownLabel}
        </>
      }
      items={items}
    />
  );
}
