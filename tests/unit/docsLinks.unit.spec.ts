import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README is the front door and docs/ the manual (docs/api/README.md is its index): a relative link that
 * points at a moved or renamed page, or at a heading that no longer exists, fails here instead of in a
 * reader's browser.
 */
const root = path.resolve(import.meta.dirname, '../..');

const markdownFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });

const withoutFences = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');
/** Fenced blocks and code spans hold examples, not links. */
const withoutCode = (text: string) => withoutFences(text).replace(/`[^`\n]*`/g, '``');

/** `[text](target)` and `![alt](target)`; a title after the target is dropped. */
const linkTargets = (text: string): string[] =>
  [...withoutCode(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
const headingAnchors = (text: string): Set<string> => {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = (heading ?? '')
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
};
const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** Every relative link of one file that does not resolve, as `file: target (why)`. */
const brokenLinks = (file: string, text: string): string[] => {
  const problems: string[] = [];
  for (const target of linkTargets(text)) {
    if (isExternal(target)) continue;
    const [pathPart = '', anchor] = target.split('#', 2);
    const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
    const where = `${path.relative(root, file)}: ${target}`;
    if (!existsSync(resolved)) {
      problems.push(`${where} (no such file)`);
      continue;
    }
    if (anchor && resolved.endsWith('.md') && !headingAnchors(readFileSync(resolved, 'utf8')).has(anchor))
      problems.push(`${where} (no such heading)`);
  }
  return problems;
};

describe('links in the README and docs/', () => {
  const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];

  it('every relative link resolves to an existing file, and every anchor to a heading of it', () => {
    const broken = files.flatMap((file) => brokenLinks(file, readFileSync(file, 'utf8')));
    expect(broken).toEqual([]);
  });

  it('the README stays a front door: at most 200 lines, the manual lives in docs/', () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
  });

  it('finds a missing page, a missing heading, and skips code and external links', () => {
    const file = path.join(root, 'docs', 'probe.md');
    const text = [
      '[gone](api/no-such-page.md) [ok](api/README.md) [bad heading](security.md#no-such-heading)',
      '[good heading](security.md#concurrent-writers) [web](https://example.com/x.md) `[code](nope.md)`',
      '```',
      '[fenced](nope.md)',
      '```',
    ].join('\n');
    expect(brokenLinks(file, text)).toEqual([
      'docs/probe.md: api/no-such-page.md (no such file)',
      'docs/probe.md: security.md#no-such-heading (no such heading)',
    ]);
  });

  it('makes the anchors GitHub makes', () => {
    const anchors = headingAnchors('# Who may do what (OWASP API1, API3)\n## Faults (`tests/resilience/`)\n## A\n## A');
    expect([...anchors]).toEqual(['who-may-do-what-owasp-api1-api3', 'faults-testsresilience', 'a', 'a-1']);
  });
});
