import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The package boundaries of docs/architecture.md are enforced by the `noRestrictedImports` rules
 * of biome.json (`npm run lint`). These cases prove the rules fire: each probe file is linted with
 * the repository's own configuration in a scratch tree laid out like the repository.
 */
const root = path.resolve(import.meta.dirname, '../..');

// [file, import specifier, refused?]
const cases: [string, string, boolean][] = [
  // the domain: pure, no I/O, nothing of the workspace but itself
  ['domain/src/ordering/probe.ts', 'pg', true],
  ['domain/src/ordering/probe.ts', 'node:fs', true],
  ['domain/src/ordering/probe.ts', 'fs/promises', true],
  ['domain/src/ordering/probe.ts', 'node:child_process', true],
  ['domain/src/ordering/probe.ts', 'ioredis', true],
  ['domain/src/ordering/probe.ts', 'bullmq', true],
  ['domain/src/ordering/probe.ts', 'koa-body', true],
  ['domain/src/ordering/probe.ts', '@event-driven-io/emmett', true],
  ['domain/src/ordering/probe.ts', '@event-driven-io/pongo', true],
  ['domain/src/ordering/probe.ts', '@feibao/platform', true],
  ['domain/src/ordering/probe.ts', '@feibao/read-models', true],
  ['domain/src/ordering/probe.ts', '../../../services/command/src/app.ts', true],
  ['domain/src/ordering/probe.ts', '../../../read-models/src/index.ts', true],
  ['domain/src/ordering/probe.ts', '../shared/codes.ts', false],
  ['domain/src/ordering/probe.ts', 'zod', false],
  ['domain/src/ordering/probe.unit.spec.ts', '@event-driven-io/emmett', false],
  ['domain/src/ordering/probe.unit.spec.ts', '@event-driven-io/emmett-postgresql', true],
  ['domain/src/ordering/probe.unit.spec.ts', 'pg', true],
  // read models: the domain and the platform
  ['read-models/src/orders/probe.ts', '@feibao/platform', false],
  ['read-models/src/orders/probe.ts', '@feibao/query-service', true],
  ['read-models/src/orders/probe.ts', '@feibao/workers', true],
  // the web app: the domain only
  ['web/src/ordering/probe.ts', '@feibao/domain/ordering/api', false],
  ['web/src/ordering/probe.ts', '@feibao/platform', true],
  ['web/src/ordering/probe.ts', '@feibao/read-models', true],
  ['web/src/ordering/probe.ts', '@feibao/workers', true],
  ['web/src/ordering/probe.ts', '../../../services/platform/src/index.ts', true],
  // the platform: the domain only
  ['services/platform/src/probe.ts', '@feibao/read-models', true],
  // services never import each other's internals
  ['services/command/src/ordering/probe.ts', '@feibao/platform', false],
  ['services/command/src/ordering/probe.ts', '@feibao/read-models', true],
  ['services/command/src/ordering/probe.ts', '@feibao/query-service/service', true],
  ['services/command/src/ordering/probe.ts', '@feibao/workers', true],
  ['services/command/src/ordering/probe.ts', '../../../query/src/app.ts', true],
  ['services/query/src/ordering/probe.ts', '@feibao/read-models', false],
  ['services/query/src/ordering/probe.ts', '@feibao/command-service', true],
  ['services/query/src/ordering/probe.ts', '@feibao/edge-service', true],
  ['services/edge/src/probe.ts', '@feibao/command-service/routes', true],
  ['services/edge/src/probe.ts', '@feibao/query-service', true],
  ['services/edge/src/probe.ts', '@feibao/read-models', true],
  ['workers/src/probe.ts', '@feibao/read-models', false],
  ['workers/src/probe.ts', '@feibao/command-service', true],
  ['workers/src/probe.ts', '../../services/edge/src/edge.ts', true],
  // deep imports into another package's src, from anywhere
  ['services/query/src/ordering/probe.ts', '@feibao/read-models/src/orders/reader.ts', true],
  ['services/command/src/ordering/probe.ts', '@feibao/domain/src/ordering/api.ts', true],
  ['services/command/src/ordering/probe.ts', '../../../platform/src/index.ts', true],
  ['tests/int/probe.ts', '@feibao/workers/src/quoting/processor.ts', true],
  ['tests/int/probe.ts', '@feibao/workers/quoting/processor', false],
  // subpath exports: a module by its subpath, within the same boundaries
  ['web/src/ordering/probe.ts', '@feibao/domain/rules/zen/zen', true],
  ['web/src/ordering/probe.ts', '@feibao/domain/rules/transposition', false],
  ['services/query/src/ordering/probe.ts', '@feibao/read-models/rules/engine/engine', false],
  ['workers/src/probe.ts', '@feibao/read-models/rules/engine/loader', false],
  ['services/command/src/ordering/probe.ts', '@feibao/read-models/rules/engine/engine', true],
  ['services/command/src/ordering/probe.ts', '@feibao/domain/rules/zen/zen', false],
  ['services/edge/src/probe.ts', '@feibao/read-models/ops/opsActions', true],
];

let scratch = '';
const refused = new Map<string, number>();

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'feibao-boundaries-'));
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
  const probes = cases.map(([file, specifier], i) => {
    const probe = file.replace(/probe/, `probe${i}`);
    mkdirSync(path.join(scratch, path.dirname(probe)), { recursive: true });
    writeFileSync(path.join(scratch, probe), `import * as probe from '${specifier}';\nexport const used = probe;\n`);
    return probe;
  });
  const biome = path.join(root, 'node_modules', '.bin', 'biome');
  const run = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', ...probes], {
    cwd: scratch,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as { diagnostics: { category: string; location: { path: string } }[] };
  for (const { category, location } of report.diagnostics) {
    if (category === 'lint/style/noRestrictedImports')
      refused.set(location.path, (refused.get(location.path) ?? 0) + 1);
  }
}, 30_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('package boundaries (biome.json)', () => {
  it.each(
    cases.map(([file, specifier, expected], i) => [file.replace(/probe/, `probe${i}`), specifier, expected] as const),
  )('%s importing %s is refused: %s', (probe, _specifier, expected) => {
    expect(refused.has(probe)).toBe(expected);
  });
});
