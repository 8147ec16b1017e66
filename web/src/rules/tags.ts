/**
 * The tags view: the routes opened in this visit as tabs. Pure operations, so closing the
 * active tab says where to go next.
 */
export type Tag = { path: string; title: string; affix?: boolean };

export const visit = (tags: readonly Tag[], tag: Tag): Tag[] =>
  tags.some((t) => t.path === tag.path) ? [...tags] : [...tags, tag];

/** The tags left, and where to go when the closed tag was the one shown (the last tag left). */
export const close = (tags: readonly Tag[], path: string, activePath: string): { tags: Tag[]; goTo: string | null } => {
  const left = tags.filter((t) => t.path !== path || t.affix);
  const goTo = path === activePath && left.length !== tags.length ? (left.at(-1)?.path ?? null) : null;
  return { tags: left, goTo };
};

export const closeOthers = (tags: readonly Tag[], path: string): { tags: Tag[]; goTo: string } => ({
  tags: tags.filter((t) => t.affix || t.path === path),
  goTo: path,
});

export const closeAll = (tags: readonly Tag[], home: string): { tags: Tag[]; goTo: string } => {
  const left = tags.filter((t) => t.affix);
  return { tags: left, goTo: left.at(-1)?.path ?? home };
};
