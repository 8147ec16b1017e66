import { Button, ContextMenu, Menu, MenuDivider, MenuItem, Popover, Tag as BpTag } from '@blueprintjs/core';
import type { Tag } from '../tags.ts';

export type TagActions = {
  open: (tag: Tag) => void;
  refresh: (tag: Tag) => void;
  close: (tag: Tag) => void;
  closeOthers: (tag: Tag) => void;
  closeAll: () => void;
};

const TagMenu = ({ tag, actions }: { tag: Tag; actions: TagActions }) => (
  <Menu data-testid="rules-tag-menu">
    <MenuItem icon="refresh" text="刷新" onClick={() => actions.refresh(tag)} />
    <MenuItem icon="cross" text="关闭" disabled={tag.affix} onClick={() => actions.close(tag)} />
    <MenuDivider />
    <MenuItem text="关闭其他" onClick={() => actions.closeOthers(tag)} />
    <MenuItem text="关闭所有" onClick={() => actions.closeAll()} />
  </Menu>
);

/** Open routes as tabs; right-click a tab (or use the ⋯ button for the active one) to refresh or close. */
export const TagsView = ({ tags, active, actions }: { tags: readonly Tag[]; active: string; actions: TagActions }) => {
  const current = tags.find((t) => t.path === active) ?? tags[0];
  return (
    <div className="rp-tags" data-testid="rules-tags">
      <div className="rp-tags-scroll">
        {tags.map((tag) => (
          <ContextMenu key={tag.path} content={<TagMenu tag={tag} actions={actions} />} tagName="span">
            {/* The tag is no button itself: its title opens the route and its ✕ closes it, two controls side by side. */}
            <BpTag
              minimal={tag.path !== active}
              intent={tag.path === active ? 'primary' : 'none'}
              className="rp-tag"
              data-testid="rules-tag"
              data-path={tag.path}
              onRemove={tag.affix ? undefined : () => actions.close(tag)}
            >
              <a
                href={tag.path}
                className="rp-tag-open"
                aria-current={tag.path === active ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  actions.open(tag);
                }}
              >
                {tag.title}
              </a>
            </BpTag>
          </ContextMenu>
        ))}
      </div>
      {current && (
        <Popover content={<TagMenu tag={current} actions={actions} />} placement="bottom-end">
          <Button variant="minimal" size="small" icon="more" aria-label="标签操作" data-testid="rules-tags-actions" />
        </Popover>
      )}
    </div>
  );
};
