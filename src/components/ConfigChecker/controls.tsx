/**
 * The checker's controls that the plain box (./index.tsx, before the editor has loaded) and the
 * checker (./Checker.tsx) show alike, so that nothing moves or changes its words when one replaces
 * the other.
 */
import React, {type ReactNode} from 'react';
import Translate, {translate} from '@docusaurus/Translate';

/** The formats of the format menu: automatic, v4, v5 (the values are `Choice`s, ./draft.ts). */
export function FormatOptions(): ReactNode {
  return (
    <>
      <option value="auto">{translate({id: 'site.ConfigChecker.auto', message: '自动判断'})}</option>
      <option value="v4">{translate({id: 'site.ConfigChecker.v4', message: 'v4（config.json）'})}</option>
      <option value="v5">{translate({id: 'site.ConfigChecker.v5', message: 'v5（jsonv5）'})}</option>
    </>
  );
}

/** "Open file": hands the file chosen to `onFile`, and lets the same file be chosen again. */
export function FileButton({id, onFile}: {id: string; onFile: (file: File) => void}): ReactNode {
  return (
    <label className="button button--secondary button--sm cc-fileButton">
      <Translate id="site.ConfigChecker.openFile">打开文件</Translate>
      <input id={id} type="file" accept=".json,.jsonc,application/json" className="cc-fileInput"
        onChange={(e) => { const f = e.target.files?.[0]; if (f) onFile(f); e.target.value = ''; }} />
    </label>
  );
}

/** What the box takes (comments too) and that nothing leaves the browser; the box is described by it. */
export function CheckerHelp({id}: {id: string}): ReactNode {
  return (
    <p id={id} className="cc-help">
      <Translate id="site.ConfigChecker.help">
        可以写注释（// 、# 和 /* */），与 V2Ray 读取配置时相同。配置只在你的浏览器里检查，不会发送到任何地方。
      </Translate>
    </p>
  );
}
