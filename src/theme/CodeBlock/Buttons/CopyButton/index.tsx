/**
 * Ejected from @docusaurus/theme-classic 3.10.2, CodeBlock/Buttons/CopyButton.
 * Changed: strips "$ "/"> "/"PS> " prompts from shell-style blocks; copied state lasts codeCopiedStateMs
 * (2000 ms); labels 复制代码/已复制; hidden at 419 px and narrower (styles.module.css).
 */
import React, {
  useCallback,
  useState,
  useRef,
  useEffect,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import Button from '@theme/CodeBlock/Buttons/Button';
import type {Props} from '@theme/CodeBlock/Buttons/CopyButton';
import IconCopy from '@theme/Icon/Copy';
import IconSuccess from '@theme/Icon/Success';
import {codeCopiedStateMs} from '@site/src/constants'; // (CUSTOM)
import {copyText} from '@site/src/utils/clipboard'; // (CUSTOM)

import styles from './styles.module.css';

// (CUSTOM) a shell sample copied with a leading prompt has that prompt removed.
const shellLanguages = new Set(['bash', 'sh', 'shell', 'console', 'zsh', 'fish', 'powershell', 'ps1', 'pwsh', 'bat', 'cmd', 'shellsession']);

// (CUSTOM) "$ ", "> ", and PowerShell's "PS> " / "PS C:\v2ray> " at the start of a line
export function stripPrompts(code: string, language: string): string {
  if (!shellLanguages.has(language)) return code;
  return code.replace(/^(?:\$|>|PS(?: [^>\n]*)?>) /gm, '');
}

// (CUSTOM) one label for title and ARIA, so readers and tests find the button by name
function label(isCopied: boolean) {
  return isCopied
    ? translate({id: 'site.CodeBlock.copied', message: '已复制'})
    : translate({id: 'site.CodeBlock.copy', message: '复制代码'});
}

function useCopyButton() {
  const {
    metadata: {code, language}, // (CUSTOM) language
  } = useCodeBlockContext();
  const [isCopied, setIsCopied] = useState(false);
  const copyTimeout = useRef<number | undefined>(undefined);

  const copyCode = useCallback(() => {
    // (CUSTOM) one copy helper with the UUID button (src/utils/clipboard), and stripPrompts
    copyText(stripPrompts(code, language)).then((copied) => {
      if (!copied) return;
      setIsCopied(true);
      window.clearTimeout(copyTimeout.current); // (CUSTOM) a second copy restarts the period
      copyTimeout.current = window.setTimeout(() => {
        setIsCopied(false);
      }, codeCopiedStateMs); // (CUSTOM)
    });
    // Errors are intentionally not caught so they remain unhandled and can
    // be captured by observability tools (e.g. Sentry, PostHog).
  }, [code, language]);

  useEffect(() => () => window.clearTimeout(copyTimeout.current), []);

  return {copyCode, isCopied};
}

export default function CopyButton({className}: Props): ReactNode {
  const {copyCode, isCopied} = useCopyButton();

  return (
    <Button
      aria-label={label(isCopied)} // (CUSTOM)
      title={label(isCopied)} // (CUSTOM)
      className={clsx(
        className,
        styles.copyButton,
        isCopied && styles.copyButtonCopied,
      )}
      onClick={copyCode}>
      <span className={styles.copyButtonIcons} aria-hidden="true">
        <IconCopy className={styles.copyButtonIcon} />
        <IconSuccess className={styles.copyButtonSuccessIcon} />
      </span>
    </Button>
  );
}
