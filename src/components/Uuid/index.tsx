import React, {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import {copiedStateMs, uuidRepeatMs} from '@site/src/constants';
import {copyText} from '@site/src/utils/clipboard';
import styles from './styles.module.css';

export type Props = Record<string, never>;

/** A random version-4 UUID (RFC 9562 §5.4) from the browser's CSPRNG. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A UUID for a VMess/VLESS user id: regenerate on click (repeatedly while held), copy. */
export default function Uuid(): ReactNode {
  // After mount: a random value rendered on the server would not match the client.
  const [uuid, setUuid] = useState('');
  const [copied, setCopied] = useState(false);
  const hold = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const regenerate = useCallback(() => setUuid(randomUuid()), []);
  const stopHold = useCallback(() => clearInterval(hold.current), []);
  useEffect(() => {
    regenerate();
    return stopHold;
  }, [regenerate, stopHold]);
  useEffect(() => {
    if (!copied) return undefined;
    const t = setTimeout(() => setCopied(false), copiedStateMs);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    if (await copyText(uuid)) setCopied(true);
  };

  return (
    <div className={styles.uuid}>
      <output className={styles.value} aria-label={translate({id: 'site.Uuid.label', message: '随机 UUID'})}>{uuid}</output>
      <button
        type="button"
        className="button button--primary button--sm"
        onClick={regenerate}
        onPointerDown={() => {
          stopHold();
          hold.current = setInterval(regenerate, uuidRepeatMs);
        }}
        onPointerUp={stopHold}
        onPointerLeave={stopHold}>
        <Translate id="site.Uuid.regenerate">重新生成</Translate>
      </button>
      <button type="button" className="button button--secondary button--sm" onClick={copy} disabled={!uuid}>
        {copied ? <Translate id="site.Uuid.copied">已复制</Translate> : <Translate id="site.Uuid.copy">复制</Translate>}
      </button>
    </div>
  );
}
