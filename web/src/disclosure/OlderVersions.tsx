import { useState } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import type { DisclosureTextVersion } from '@feibao/domain/disclosure/api';
import { request } from '../api/client.ts';
import { disclosurePaths } from './api.ts';

/** The versions before the one in force, read on demand: an order bought under one of them can be checked against it. */
export const OlderVersions = ({ textKey, current }: { textKey: string; current: number }) => {
  const [shown, setShown] = useState<DisclosureTextVersion | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = async (version: number) => {
    setError(null);
    try {
      setShown(
        await request<DisclosureTextVersion>(disclosurePaths.text, {
          query: { key: textKey, version },
          auth: 'public',
        }),
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div className="fb-disclosure-versions">
      历史版本：
      {Array.from({ length: current - 1 }, (_, i) => i + 1).map((v) => (
        <Button key={v} variant="minimal" size="small" text={`第${v}版`} onClick={() => void open(v)} />
      ))}
      {error && <Callout intent="danger">{error}</Callout>}
      {shown && (
        <div className="fb-terms-body" data-testid="disclosure-older">
          <strong>
            {shown.title}（第{shown.version}版，{shown.publishedAt.slice(0, 10)}，修改原因：{shown.reason}）
          </strong>
          {'\n'}
          {shown.body}
        </div>
      )}
    </div>
  );
};
