import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Package boundaries: domain/ is pure (no I/O, nothing from services, workers or web),
 * and the web app reaches the backend only over HTTP.
 */
const root = path.resolve(import.meta.dirname, '../..');

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(full).isDirectory() ? sources(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2]!,
  );

const violations = (dir: string, forbidden: RegExp, only: (file: string) => boolean = () => true) =>
  sources(path.join(root, dir)).filter(only).flatMap((file) =>
    importsOf(file)
      .filter((spec) => forbidden.test(spec))
      .map((spec) => `${path.relative(root, file)} imports ${spec}`),
  );

describe('package boundaries', () => {
  const isSpec = (file: string) => /\.spec\.tsx?$/.test(file);

  it('domain imports nothing from services, workers, web or I/O libraries', () => {
    expect(
      violations(
        'domain/src',
        /^@feibao\/(?!domain)|services\/|workers\/|web\/|^node:(fs|net|http|child_process)|^pg$|^ioredis$|^bullmq$|^koa|emmett|pongo/,
        (file) => !isSpec(file),
      ),
    ).toEqual([]);
  });

  it("domain tests may use Emmett's DeciderSpecification, and still nothing else of the above", () => {
    expect(
      violations(
        'domain/src',
        /^@feibao\/(?!domain)|services\/|workers\/|web\/|^node:(fs|net|http|child_process)|^pg$|^ioredis$|^bullmq$|^koa|emmett-|pongo/,
        isSpec,
      ),
    ).toEqual([]);
  });

  it('the web app imports only the domain from the workspace', () => {
    expect(violations('web/src', /^@feibao\/(?!domain)|services\/|workers\//)).toEqual([]);
  });

  it('services do not import the web app', () => {
    expect([...violations('services', /web\/src/), ...violations('workers/src', /web\/src/)]).toEqual([]);
  });
});
