import { createHash } from 'node:crypto';

const names = new Map<string, string>();

/**
 * A read model query as a named prepared statement: each connection parses and plans it once,
 * then only binds values (the list pages spent more of PostgreSQL's time planning than running).
 * The name is derived from the text, so texts built from filters (claim list) each get their own
 * and a name never meets two texts, which node-postgres refuses.
 */
export const prepared = (text: string, values: unknown[]): { name: string; text: string; values: unknown[] } => {
  let name = names.get(text);
  if (name === undefined) {
    name = `rm_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return { name, text, values };
};
