/**
 * theme-common 3.10.2's useCodeWordWrap (hooks/useCodeWordWrap.js, copied), with one change
 * (CUSTOM): a block whose part of the article is skipped by `content-visibility: auto`
 * (src/css/custom.css) is measured once that part is laid out, not on mount
 * (src/utils/skippedPart.ts). Upstream reads the block's scrollWidth and clientWidth in an
 * effect, to show the word-wrap button only where the code overflows, and each read of a skipped
 * block lays its part of the article out: on
 * /config/routing.html, 30 reads cost 17 to 70 ms of main thread at 4× CPU while the page hydrated
 * (issue 39). The button of such a block is shown when the reader comes near it. The
 * MutationObserver of upstream's useMutationObserver (not exported) is written here too.
 */
import {useCallback, useEffect, useRef, useState, type RefObject} from 'react';
// (CUSTOM)
import {skippedPart, whenLaidOut} from '@site/src/utils/skippedPart';

/** theme-common's useMutationObserver (not exported), for this file's one fixed set of options. */
const hiddenAttribute: MutationObserverInit = {attributes: true, characterData: false, childList: false, subtree: false};
function useMutationObserver(target: Element | null | undefined, callback: MutationCallback): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  useEffect(() => {
    const observer = new MutationObserver((mutations, self) => latest.current(mutations, self));
    if (target) observer.observe(target, hiddenAttribute);
    return () => observer.disconnect();
  }, [target]);
}

function useTabBecameVisibleCallback(codeBlockRef: RefObject<HTMLPreElement | null>, callback: () => void): void {
  const [hiddenTabElement, setHiddenTabElement] = useState<Element | null | undefined>();
  const updateHiddenTabElement = useCallback(() => {
    // No need to observe non-hidden tabs
    // + we want to force a re-render when a tab becomes visible
    setHiddenTabElement(codeBlockRef.current?.closest('[role=tabpanel][hidden]'));
  }, [codeBlockRef, setHiddenTabElement]);
  useEffect(() => {
    updateHiddenTabElement();
  }, [updateHiddenTabElement]);
  useMutationObserver(hiddenTabElement, (mutations) => {
    mutations.forEach((mutation) => {
      if (mutation.type === 'attributes' && mutation.attributeName === 'hidden') {
        callback();
        updateHiddenTabElement();
      }
    });
  });
}

export type CodeWordWrap = {
  readonly codeBlockRef: RefObject<HTMLPreElement | null>;
  readonly isEnabled: boolean;
  readonly isCodeScrollable: boolean;
  readonly toggle: () => void;
};

export function useCodeWordWrap(): CodeWordWrap {
  const [isEnabled, setIsEnabled] = useState(false);
  const [isCodeScrollable, setIsCodeScrollable] = useState(false);
  const codeBlockRef = useRef<HTMLPreElement>(null);
  const toggle = useCallback(() => {
    const codeElement = codeBlockRef.current!.querySelector('code')!;
    if (isEnabled) {
      codeElement.removeAttribute('style');
    } else {
      codeElement.style.whiteSpace = 'pre-wrap';
      // When code wrap is enabled, we want to avoid a scrollbar in any case
      // Ensure that very very long words/strings/tokens still wrap
      codeElement.style.overflowWrap = 'anywhere';
    }
    setIsEnabled((value) => !value);
  }, [codeBlockRef, isEnabled]);
  // (CUSTOM) a pending wait for the block's part of the article to be laid out
  const waiting = useRef<(() => void) | null>(null);
  const updateCodeIsScrollable = useCallback(() => {
    const pre = codeBlockRef.current;
    if (!pre || waiting.current) return;
    // (CUSTOM) measured once its part of the article is laid out
    const part = skippedPart(pre);
    if (part) {
      const stop = whenLaidOut(part, () => {
        waiting.current = null;
        updateCodeIsScrollable();
      });
      waiting.current = () => {
        stop();
        waiting.current = null;
      };
      return;
    }
    const {scrollWidth, clientWidth} = pre;
    const isScrollable = scrollWidth > clientWidth || pre.querySelector('code')!.hasAttribute('style');
    setIsCodeScrollable(isScrollable);
  }, [codeBlockRef]);
  useEffect(() => () => waiting.current?.(), []);
  useTabBecameVisibleCallback(codeBlockRef, updateCodeIsScrollable);
  useEffect(() => {
    updateCodeIsScrollable();
  }, [isEnabled, updateCodeIsScrollable]);
  useEffect(() => {
    window.addEventListener('resize', updateCodeIsScrollable, {passive: true});
    return () => {
      window.removeEventListener('resize', updateCodeIsScrollable);
    };
  }, [updateCodeIsScrollable]);
  return {codeBlockRef, isEnabled, isCodeScrollable, toggle};
}
