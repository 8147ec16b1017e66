import { useState } from 'react';
import { Button, Tag } from '@blueprintjs/core';
import { splitDeviceCodes } from '@feibao/domain/ordering/form';

/** Device codes as tags, collapsed after `limit` with a toggle (2 on mobile cards, 10 in plan lists). */
export const DeviceCodes = ({ codes, limit }: { codes: string | null | undefined; limit: number }) => {
  const [open, setOpen] = useState(false);
  const list = splitDeviceCodes(codes);
  if (list.length === 0) return <span className="fb-muted">—</span>;
  const shown = open ? list : list.slice(0, limit);
  return (
    <span className="fb-codes">
      {shown.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same device code may be typed twice
        <Tag key={`${c}-${i}`} minimal className="fb-code">
          {c}
        </Tag>
      ))}
      {list.length > limit && (
        <Button
          variant="minimal"
          size="small"
          className="fb-codes-toggle"
          onClick={() => setOpen((o) => !o)}
          text={open ? '收起' : `展开(${list.length})`}
        />
      )}
    </span>
  );
};
