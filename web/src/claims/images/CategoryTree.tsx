/** The photo categories with their counts: a Blueprint Tree on desktop, an accordion list on mobile. */
import { Icon, Tag, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { CountedImageTypeNode } from '@feibao/domain/claims/imageTypes';
import type { Variant } from '../../shared/site.ts';
import { ancestorsOf, findImageType, totalPictures } from './helpers.ts';

/** The pseudo node above the categories: every picture of the claim. */
export const ALL_PICTURES = '';

type Props = {
  nodes: readonly CountedImageTypeNode[];
  selected: string;
  onSelect: (code: string) => void;
  variant: Variant;
};

export const CategoryTree = ({ nodes, selected, onSelect, variant }: Props) => {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // Mobile: open at first; the user may fold it away to see more pictures.
  const [listOpen, setListOpen] = useState(true);
  // A selection made elsewhere (the classify target) stays visible.
  useEffect(() => {
    const path = ancestorsOf(nodes, selected);
    if (path.length > 0) setExpanded((prev) => (path.every((c) => prev.has(c)) ? prev : new Set([...prev, ...path])));
  }, [nodes, selected]);
  const toggle = (code: string, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(code)) next.add(code);
      else next.delete(code);
      return next;
    });

  const all = {
    imageTypeCode: ALL_PICTURES,
    imageTypeName: '全部图片',
    imageTypeCount: totalPictures(nodes),
    childList: [],
  };
  if (variant === 'mobile') {
    const current = selected === ALL_PICTURES ? all : findImageType(nodes, selected);
    return (
      <>
        <button
          type="button"
          className="fb-images-accordion-head"
          aria-expanded={listOpen}
          onClick={() => setListOpen((o) => !o)}
          data-testid="image-types-toggle"
        >
          <Icon icon="folder-open" />
          <span className="fb-images-accordion-name">
            图片分类：{current?.imageTypeName ?? ''}（{current?.imageTypeCount ?? 0}）
          </span>
          <Icon icon={listOpen ? 'chevron-up' : 'chevron-down'} />
        </button>
        {listOpen && (
          <MobileList
            nodes={[all, ...nodes]}
            selected={selected}
            onSelect={onSelect}
            expanded={expanded}
            toggle={toggle}
          />
        )}
      </>
    );
  }

  const toInfo = (n: CountedImageTypeNode): TreeNodeInfo<string> => ({
    id: n.imageTypeCode || 'all',
    nodeData: n.imageTypeCode,
    label: <span data-testid={`image-type-${n.imageTypeCode || 'all'}`}>{n.imageTypeName}</span>,
    secondaryLabel: (
      <Tag minimal round>
        {n.imageTypeCount}
      </Tag>
    ),
    icon: n.childList.length > 0 ? (expanded.has(n.imageTypeCode) ? 'folder-open' : 'folder-close') : 'media',
    hasCaret: n.childList.length > 0,
    isExpanded: expanded.has(n.imageTypeCode),
    isSelected: n.imageTypeCode === selected,
    childNodes: n.childList.map(toInfo),
  });
  return (
    <Tree<string>
      className="fb-images-tree"
      contents={[all, ...nodes].map(toInfo)}
      onNodeClick={(node) => onSelect(node.nodeData ?? ALL_PICTURES)}
      onNodeExpand={(node) => toggle(node.nodeData ?? '', true)}
      onNodeCollapse={(node) => toggle(node.nodeData ?? '', false)}
    />
  );
};

type ListProps = Omit<Props, 'variant'> & {
  expanded: ReadonlySet<string>;
  toggle: (code: string) => void;
  level?: number;
};

const MobileList = ({ nodes, selected, onSelect, expanded, toggle, level = 1 }: ListProps) => (
  <ul className={`fb-images-accordion fb-images-accordion-l${level}`}>
    {nodes.map((n) => {
      const open = expanded.has(n.imageTypeCode);
      const parent = n.childList.length > 0;
      return (
        <li key={n.imageTypeCode || 'all'}>
          <button
            type="button"
            className={`fb-images-accordion-row${n.imageTypeCode === selected ? ' is-selected' : ''}`}
            data-testid={`image-type-${n.imageTypeCode || 'all'}`}
            aria-expanded={parent ? open : undefined}
            onClick={() => {
              onSelect(n.imageTypeCode);
              if (parent) toggle(n.imageTypeCode);
            }}
          >
            {parent ? <Icon icon={open ? 'chevron-down' : 'chevron-right'} /> : <Icon icon="dot" />}
            <span className="fb-images-accordion-name">{n.imageTypeName}</span>
            <Tag minimal round>
              {n.imageTypeCount}
            </Tag>
          </button>
          {parent && open && (
            <MobileList
              nodes={n.childList}
              selected={selected}
              onSelect={onSelect}
              expanded={expanded}
              toggle={toggle}
              level={level + 1}
            />
          )}
        </li>
      );
    })}
  </ul>
);
