/**
 * Mobile full-screen popup: a swipe viewer (horizontal scroll-snap pager of display copies) with a
 * tick per picture, and a category picker to classify the ticked ones. Read-only claims get the
 * viewer alone.
 */
import { Button, Drawer, HTMLSelect, Icon } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import type { ClaimPictureRow } from '@feibao/domain/claims/api';
import { toast } from '../../api/toaster.ts';
import { type FlatImageType, imageMessages, toggled } from './helpers.ts';
import { LargePicture } from './PictureGrid.tsx';

type Props = {
  isOpen: boolean;
  onClose: () => void;
  rows: readonly ClaimPictureRow[];
  /** Ticked when the popup opens. */
  ticked: readonly string[];
  /** The slide shown first. */
  startAt?: string;
  categories: readonly FlatImageType[];
  classifying: boolean;
  /** Confirms and classifies; true when done (the popup closes). */
  onClassify?: (ids: string[], category: FlatImageType) => Promise<boolean>;
};

export const ClassifyDialog = ({
  isOpen,
  onClose,
  rows,
  ticked: initial,
  startAt,
  categories,
  classifying,
  onClassify,
}: Props) => {
  const [ticked, setTicked] = useState<string[]>([]);
  const [code, setCode] = useState('');
  const [index, setIndex] = useState(0);
  const pager = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the popup opens
  useEffect(() => {
    if (!isOpen) return;
    setTicked([...initial]);
    setCode('');
    const start = Math.max(0, startAt ? rows.findIndex((r) => r.id === startAt) : 0);
    setIndex(start);
    // The pager mounts with the drawer: place it on the first slide once laid out.
    requestAnimationFrame(() => {
      const el = pager.current;
      if (el) el.scrollLeft = start * el.clientWidth;
    });
  }, [isOpen]);

  const onScroll = () => {
    const el = pager.current;
    if (el && el.clientWidth > 0)
      setIndex(Math.min(rows.length - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth))));
  };
  const current = rows[index];

  const submit = async () => {
    if (!onClassify) return;
    const category = categories.find((c) => c.code === code);
    if (!category) {
      toast.warning(imageMessages.chooseCategory);
      return;
    }
    const ids = rows.filter((r) => ticked.includes(r.id)).map((r) => r.id);
    if (ids.length === 0) {
      toast.warning(imageMessages.tickToClassifyMobile);
      return;
    }
    if (await onClassify(ids, category)) onClose();
  };

  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      position="bottom"
      size="100%"
      title={onClassify ? '图片分类' : '查看图片'}
      className="fb-images-popup"
    >
      <div className="fb-images-popup-body" data-testid="classify-dialog">
        <div className="fb-images-pager" ref={pager} onScroll={onScroll} data-testid="classify-pager">
          {rows.map((r, i) => (
            <figure key={r.id} className="fb-images-slide" data-testid={`classify-slide-${r.id}`}>
              {/* Only the slides around the one in view fetch their display copy. */}
              {isOpen && Math.abs(i - index) <= 1 && <LargePicture row={r} />}
              <figcaption>{r.imageTypeName}</figcaption>
            </figure>
          ))}
        </div>
        <div className="fb-images-popup-status">
          <span data-testid="classify-position">{rows.length > 0 ? `${index + 1} / ${rows.length}` : '暂无图片'}</span>
          {onClassify && current && (
            <Button
              variant={ticked.includes(current.id) ? 'solid' : 'outlined'}
              intent={ticked.includes(current.id) ? 'primary' : 'none'}
              icon={ticked.includes(current.id) ? 'tick-circle' : 'circle'}
              text={ticked.includes(current.id) ? '已选择' : '选择'}
              data-testid="classify-tick"
              onClick={() => setTicked((t) => toggled(t, current.id))}
            />
          )}
        </div>
        {onClassify && (
          <div className="fb-images-popup-form">
            <span className="fb-images-popup-count">
              <Icon icon="tick" /> 已选 {ticked.filter((id) => rows.some((r) => r.id === id)).length} 张
            </span>
            <HTMLSelect
              fill
              large
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              aria-label="分类"
              data-testid="classify-dialog-category"
              options={[
                { value: '', label: '请选择分类' },
                ...categories.map((c) => ({ value: c.code, label: c.label })),
              ]}
            />
            <div className="fb-images-popup-buttons">
              <Button size="large" text="取消" onClick={onClose} data-testid="classify-cancel" />
              <Button
                size="large"
                intent="primary"
                text="提交分类"
                loading={classifying}
                onClick={() => void submit()}
                data-testid="classify-submit"
              />
            </div>
          </div>
        )}
      </div>
    </Drawer>
  );
};
