import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The packages' `exports` lists and every import of them are what scripts/subpath-exports.ts would write
 * (docs/architecture.md "Imports name the module"): a new module without its subpath, or an import of a
 * package's main entry, fails here until `npm run exports:sync` has run.
 */
describe('subpath exports', () => {
  it('leave nothing for the sync script to rewrite', () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/subpath-exports.ts', root, '--dry'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(output.trim().split('\n').at(-1)).toBe('0 files rewritten, 0 barrels deleted, 0 problems');
  }, 30_000);
});
