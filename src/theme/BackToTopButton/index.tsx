/**
 * Ejected from @docusaurus/theme-classic 3.10.2, BackToTopButton.
 * Changed: shown whenever the page is scrolled more than backToTopThresholdPx (100 px),
 * not only while scrolling up past 300 px as upstream's useBackToTopButton does; our label.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {backToTopThresholdPx} from '@site/src/constants'; // (CUSTOM)

import styles from './styles.module.css';

// (CUSTOM) replaces useBackToTopButton({threshold: 300})
function useScrolledPast(thresholdPx: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > thresholdPx);
    update();
    window.addEventListener('scroll', update, {passive: true});
    return () => window.removeEventListener('scroll', update);
  }, [thresholdPx]);
  return past;
}

export default function BackToTopButton(): ReactNode {
  const shown = useScrolledPast(backToTopThresholdPx); // (CUSTOM)
  return (
    <button
      aria-label={translate({id: 'site.BackToTop.label', message: '返回顶部'})} // (CUSTOM)
      title={translate({id: 'site.BackToTop.label', message: '返回顶部'})} // (CUSTOM)
      className={clsx(
        'clean-btn',
        ThemeClassNames.common.backToTopButton,
        styles.backToTopButton,
        shown && styles.backToTopButtonShow,
      )}
      type="button"
      onClick={() => window.scrollTo({top: 0, behavior: 'smooth'})} // (CUSTOM)
    />
  );
}
