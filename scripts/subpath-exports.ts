/**
 * Rewrites imports of the FeiBao workspace packages @feibao/domain, @feibao/platform and @feibao/read-models
 * so that each names the module that defines the symbol (`@feibao/platform/http/envelope`) instead of a
 * barrel, writes each package's package.json `exports` (one entry per module that exports something) and
 * deletes the barrels (files that only re-export with `export *`) once nothing imports them.
 *
 *   npm run exports:sync   (or: npx tsx scripts/subpath-exports.ts <repo root> [--dry])
 *
 * The symbol → module map is derived from the source on every run, so it follows code that moved or was
 * added since. Idempotent: a second run changes nothing. Handles `import type`, inline `type` specifiers,
 * `as` renames, `export { … } from` re-exports, .ts/.tsx/.mts files, relative imports of a barrel inside a
 * package, and imports of a subpath that no longer defines the symbol (moved code; a symbol moved into the
 * importing file's own process — services/command, services/query, services/edge, workers — is imported there
 * by relative path). A symbol found in no package, or in several, and namespace, default or dynamic imports of a
 * package's main entry, are reported and left as they were; it exits 1 when it reports any.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
const dry = process.argv.includes('--dry');

const PACKAGES = [
  { name: '@feibao/domain', dir: 'domain', src: 'domain/src' },
  { name: '@feibao/platform', dir: 'services/platform', src: 'services/platform/src' },
  { name: '@feibao/read-models', dir: 'read-models', src: 'read-models/src' },
] as const;
type Package = (typeof PACKAGES)[number];

/** The processes' own sources: code that moved into one of them is imported there by relative path. */
const HOSTS = ['services/command/src', 'services/query/src', 'services/edge/src', 'workers/src'];

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mts|cts)$/;

const walk = (dir: string, out: string[] = []): string[] => {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    if (SKIP_DIRS.has(entry) || entry.startsWith('.')) continue;
    const full = path.join(dir, entry);
    const stat = statSync(full);
    if (stat.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts')) out.push(full);
  }
  return out;
};

const isSpec = (file: string) => /\.(spec|test)\.tsx?$/.test(file);

/** Source without comments (kept the same length, so offsets still match the original text). */
const blankComments = (text: string): string =>
  text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, (m) =>
    m.startsWith('/') ? m.replace(/[^\n]/g, ' ') : m,
  );

type Specifier = { name: string; alias: string | null; type: boolean };

const parseSpecifiers = (list: string): Specifier[] =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const type = /^type\s+/.test(s);
      const rest = s.replace(/^type\s+/, '');
      const [name, alias] = rest.split(/\s+as\s+/).map((x) => x.trim());
      return { name: name!, alias: alias && alias !== name ? alias : null, type };
    });

// ---------------------------------------------------------------- the modules of the three packages

type Module = {
  pkg: Package;
  file: string;
  /** Path under src without the extension: the subpath. */
  sub: string;
  /** Names it declares or lists in a local `export { … }`. */
  defines: Set<string>;
  /** Names it re-exports by name (`export { a } from`): importable from it, but defined elsewhere. */
  reexports: Set<string>;
  /** Only `export * from` lines: a barrel. */
  barrel: boolean;
};

const DECLARATION =
  /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(const|let|var|function\*?|class|type|interface|enum|namespace)\s+([A-Za-z_$][\w$]*)/gm;
const LOCAL_LIST = /^export\s+(type\s+)?\{([^}]*)\}\s*(from\s*['"]([^'"]+)['"])?/gm;
const STAR = /^export\s+\*\s+from\s*['"]([^'"]+)['"]/gm;

const readModule = (pkg: Package, file: string): Module => {
  const text = blankComments(readFileSync(file, 'utf8'));
  const defines = new Set<string>();
  const reexports = new Set<string>();
  for (const m of text.matchAll(DECLARATION)) defines.add(m[2]!);
  for (const m of text.matchAll(/^export\s+(?:const|let)\s+\{([^}]*)\}/gm))
    for (const s of parseSpecifiers(m[1]!)) defines.add((s.alias ?? s.name).split(':').pop()!.trim());
  for (const m of text.matchAll(LOCAL_LIST))
    for (const s of parseSpecifiers(m[2]!)) (m[3] ? reexports : defines).add(s.alias ?? s.name);
  const stars = [...text.matchAll(STAR)].length;
  const other = text
    .replace(STAR, '')
    .replace(/^export\s+(type\s+)?\{[^}]*\}\s*from\s*['"][^'"]+['"];?/gm, '')
    .replace(/^import[^;]*;/gm, '')
    .trim();
  const sub = path
    .relative(path.join(root, pkg.src), file)
    .replace(/\\/g, '/')
    .replace(/\.(ts|tsx|mts|cts)$/, '');
  return { pkg, file, sub, defines, reexports, barrel: stars > 0 && other.replace(/[;\s]/g, '') === '' };
};

const modules: Module[] = PACKAGES.flatMap((pkg) =>
  walk(path.join(root, pkg.src))
    .filter((f) => !isSpec(f))
    .map((f) => readModule(pkg, f)),
);
const moduleByFile = new Map(modules.map((m) => [m.file, m]));

/** Names each host module defines (declarations and local export lists), for code moved out of a package. */
const hostHomes = new Map<string, string[]>();
for (const host of HOSTS)
  for (const file of walk(path.join(root, host)).filter((f) => !isSpec(f))) {
    const text = blankComments(readFileSync(file, 'utf8'));
    const names = [...text.matchAll(DECLARATION)].map((m) => m[2]!);
    for (const m of text.matchAll(LOCAL_LIST))
      if (!m[3]) names.push(...parseSpecifiers(m[2]!).map((s) => s.alias ?? s.name));
    for (const name of names) hostHomes.set(name, [...(hostHomes.get(name) ?? []), file]);
  }
const hostOf = (file: string) => HOSTS.find((h) => file.startsWith(path.join(root, h) + path.sep)) ?? null;
/** A relative specifier to the one module of `from`'s host that defines `name`, or null. */
const hostSpecifier = (from: string, name: string): string | null => {
  const host = hostOf(from);
  if (!host || (homes.get(name) ?? []).length > 0) return null;
  const candidates = (hostHomes.get(name) ?? []).filter((f) => hostOf(f) === host && f !== from);
  if (candidates.length !== 1) return null;
  let rel = path.relative(path.dirname(from), candidates[0]!).replace(/\\/g, '/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
};

/** Where each name is defined: one list per package. */
const homes = new Map<string, Module[]>();
for (const m of modules)
  for (const name of m.defines) {
    const list = homes.get(name) ?? [];
    list.push(m);
    homes.set(name, list);
  }

/** The modules a barrel re-exports, followed through nested barrels (used to break ties). */
const barrelReach = (barrel: Module, seen = new Set<string>()): Set<string> => {
  const text = blankComments(readFileSync(barrel.file, 'utf8'));
  for (const m of text.matchAll(STAR)) {
    const target = path.resolve(path.dirname(barrel.file), m[1]!);
    if (seen.has(target)) continue;
    seen.add(target);
    const inner = moduleByFile.get(target);
    if (inner?.barrel) barrelReach(inner, seen);
  }
  return seen;
};

const reachable = new Map<string, Set<string>>();
for (const pkg of PACKAGES) {
  const index = moduleByFile.get(path.join(root, pkg.src, 'index.ts'));
  if (index) reachable.set(pkg.name, barrelReach(index));
}

const problems: string[] = [];

/** The module that should answer `name` for an import that named package `wanted` (null: unknown or ambiguous). */
const homeOf = (name: string, wanted: Package | null, where: string): Module | null => {
  const all = homes.get(name) ?? [];
  if (all.length === 0) {
    const viaReexport = modules.filter((m) => m.reexports.has(name) && (!wanted || m.pkg === wanted));
    if (viaReexport.length === 1) return viaReexport[0]!;
    problems.push(`${where}: no module defines ${name}`);
    return null;
  }
  const pick = (list: Module[]): Module | null | undefined => {
    if (list.length === 1) return list[0];
    if (list.length === 0) return undefined;
    // Several modules define the name: the one the package's barrel exported, then a non-fixture one.
    const viaBarrel = list.filter((m) => reachable.get(m.pkg.name)?.has(m.file));
    if (viaBarrel.length === 1) return viaBarrel[0];
    return null;
  };
  const same = wanted ? pick(all.filter((m) => m.pkg === wanted)) : undefined;
  if (same) return same;
  if (same === null) {
    problems.push(`${where}: ${name} is defined in several modules of ${wanted!.name}`);
    return null;
  }
  // Moved to another package.
  const other = pick(all);
  if (other) return other;
  problems.push(`${where}: ${name} is defined in several packages (${all.map((m) => m.pkg.name).join(', ')})`);
  return null;
};

// ---------------------------------------------------------------- resolving a specifier to a module

const packageOfSpecifier = (spec: string): { pkg: Package; sub: string | null } | null => {
  for (const pkg of PACKAGES) {
    if (spec === pkg.name) return { pkg, sub: null };
    if (spec.startsWith(`${pkg.name}/`)) return { pkg, sub: spec.slice(pkg.name.length + 1) };
  }
  return null;
};

const resolveFile = (base: string): string | null => {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
};

const packageOfFile = (file: string): Package | null =>
  PACKAGES.find((p) => file.startsWith(path.join(root, p.src) + path.sep)) ?? null;

/** The specifier `from` should use for module `m`: relative inside the same package, else the subpath. */
const specifierFor = (from: string, m: Module): string => {
  if (packageOfFile(from) === m.pkg && !isSpec(from)) {
    let rel = path.relative(path.dirname(from), m.file).replace(/\\/g, '/');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return rel;
  }
  return `${m.pkg.name}/${m.sub}`;
};

// ---------------------------------------------------------------- rewriting one file

const STATEMENT = /^(import|export)(\s+type)?\s*\{([^}]*)\}\s*from\s*(['"])([^'"]+)\4;?[ \t]*\n?/gm;

type Out = { keyword: 'import' | 'export'; spec: string; items: Specifier[]; typeOnly: boolean };

const render = (o: Out): string => {
  const allTypes = o.items.every((i) => i.type);
  const typeOnly = o.typeOnly || allTypes;
  const items = o.items.map((i) => `${!typeOnly && i.type ? 'type ' : ''}${i.name}${i.alias ? ` as ${i.alias}` : ''}`);
  return `${o.keyword}${typeOnly ? ' type' : ''} { ${items.join(', ')} } from '${o.spec}';\n`;
};

const rewrite = (file: string, text: string): string => {
  const masked = blankComments(text);
  const edits: { start: number; end: number; outs: Out[] }[] = [];
  for (const m of masked.matchAll(STATEMENT)) {
    const start = m.index!;
    const spec = text.slice(start, start + m[0].length).match(/(['"])([^'"]+)\1/)![2]!;
    const keyword = m[1] as 'import' | 'export';
    const typeOnly = Boolean(m[2]);
    const items = parseSpecifiers(text.slice(start, start + m[0].length).replace(/^[^{]*\{|\}[\s\S]*$/g, ''));
    let current: Module | null | undefined;
    let wanted: Package | null = null;
    const named = packageOfSpecifier(spec);
    if (named) {
      wanted = named.pkg;
      current =
        named.sub === null ? null : moduleByFile.get(resolveFile(path.join(root, named.pkg.src, named.sub)) ?? '');
    } else if (spec.startsWith('.')) {
      const target = resolveFile(path.resolve(path.dirname(file), spec));
      if (!target || !moduleByFile.has(target)) continue; // not one of the three packages' modules
      current = moduleByFile.get(target)!;
      wanted = current.pkg;
      if (!current.barrel) {
        // A relative import that names what its module exports is left alone.
        if (items.every((i) => current!.defines.has(i.name) || current!.reexports.has(i.name))) continue;
      }
    } else continue;

    const groups = new Map<string, Specifier[]>();
    let unresolved = false;
    for (const item of items) {
      let target: Module | null = null;
      if (current && !current.barrel && (current.defines.has(item.name) || current.reexports.has(item.name)))
        target = current;
      else {
        const local = hostSpecifier(file, item.name);
        if (local) {
          groups.set(local, [...(groups.get(local) ?? []), item]);
          continue;
        }
        target = homeOf(item.name, wanted, path.relative(root, file));
      }
      if (!target) {
        unresolved = true;
        break;
      }
      const to = target === current ? spec : specifierFor(file, target);
      groups.set(to, [...(groups.get(to) ?? []), item]);
    }
    if (unresolved) continue;
    if (groups.size === 1 && groups.has(spec)) continue;
    edits.push({
      start,
      end: start + m[0].length,
      outs: [...groups].map(([to, list]) => ({ keyword, spec: to, items: list, typeOnly })),
    });
  }
  let result = text;
  for (const edit of edits.reverse())
    result = result.slice(0, edit.start) + edit.outs.map(render).join('') + result.slice(edit.end);
  return mergeDuplicates(result);
};

/** One statement per workspace-package specifier and keyword: the rewrite may leave two from one module. */
const mergeDuplicates = (text: string): string => {
  const masked = blankComments(text);
  const seen = new Map<string, { start: number; end: number; out: Out }>();
  const drops: { start: number; end: number; key: string }[] = [];
  for (const m of masked.matchAll(STATEMENT)) {
    const start = m.index!;
    const original = text.slice(start, start + m[0].length);
    const spec = original.match(/(['"])([^'"]+)\1/)![2]!;
    if (!packageOfSpecifier(spec) && !spec.startsWith('.')) continue;
    const keyword = m[1] as 'import' | 'export';
    const typeOnly = Boolean(m[2]);
    const items = parseSpecifiers(original.replace(/^[^{]*\{|\}[\s\S]*$/g, '')).map((i) => ({
      ...i,
      type: i.type || typeOnly,
    }));
    const key = `${keyword} ${spec}`;
    const first = seen.get(key);
    if (!first) {
      seen.set(key, { start, end: start + m[0].length, out: { keyword, spec, items, typeOnly: false } });
      continue;
    }
    for (const item of items)
      if (!first.out.items.some((i) => i.name === item.name && i.alias === item.alias)) first.out.items.push(item);
      else if (!item.type) first.out.items.find((i) => i.name === item.name && i.alias === item.alias)!.type = false;
    drops.push({ start, end: start + m[0].length, key });
  }
  if (!drops.length) return text;
  const mergedKeys = new Set(drops.map((d) => d.key));
  const edits = [
    ...drops.map((d) => ({ start: d.start, end: d.end, replacement: '' })),
    ...[...seen.entries()]
      .filter(([key]) => mergedKeys.has(key))
      .map(([, s]) => s)
      .map((s) => ({ start: s.start, end: s.end, replacement: render(s.out) })),
  ].sort((a, b) => b.start - a.start);
  let result = text;
  for (const e of edits) result = result.slice(0, e.start) + e.replacement + result.slice(e.end);
  return result;
};

// ---------------------------------------------------------------- run

const files = walk(root);
const changed: string[] = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  // Namespace, default and dynamic imports of a package's main entry name no symbols: reported, not rewritten.
  for (const m of blankComments(text).matchAll(
    /(?:import\s+(?:\*\s+as\s+\w+|\w+)\s*(?:,\s*\{[^}]*\})?\s+from\s*|import\s*\(\s*)(['"])(@feibao\/(?:domain|platform|read-models))\1/g,
  ))
    problems.push(
      `${path.relative(root, file)}: a namespace, default or dynamic import of ${m[2]}; name its modules by hand`,
    );
  const next = rewrite(file, text);
  if (next !== text) {
    changed.push(file);
    if (!dry) writeFileSync(file, next);
  }
}

// Barrels nothing imports any more are deleted.
const stillImported = (barrel: Module): boolean => {
  for (const file of files) {
    if (file === barrel.file || !existsSync(file)) continue;
    const text = blankComments(readFileSync(file, 'utf8'));
    for (const m of text.matchAll(/(?:from\s*|import\s*\(\s*|import\s+)(['"])([^'"]+)\1/g)) {
      const spec = m[2]!;
      const named = packageOfSpecifier(spec);
      const target = named
        ? named.sub === null
          ? path.join(root, named.pkg.src, 'index.ts')
          : resolveFile(path.join(root, named.pkg.src, named.sub))
        : spec.startsWith('.')
          ? resolveFile(path.resolve(path.dirname(file), spec))
          : null;
      if (target === barrel.file) {
        // Another barrel's `export *` does not keep it alive: that barrel goes too.
        if (moduleByFile.get(file)?.barrel) continue;
        return true;
      }
    }
  }
  return false;
};
const deleted: string[] = [];
if (!dry)
  for (const m of modules)
    if (m.barrel && !stillImported(m)) {
      unlinkSync(m.file);
      deleted.push(m.file);
    }

// package.json exports: one explicit entry per module with exports.
for (const pkg of PACKAGES) {
  const manifestPath = path.join(root, pkg.dir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const srcRel = path.relative(path.join(root, pkg.dir), path.join(root, pkg.src)).replace(/\\/g, '/');
  const exportsMap: Record<string, string> = {};
  const kept = modules
    .filter((m) => m.pkg === pkg && existsSync(m.file) && !deleted.includes(m.file))
    .filter((m) => !m.barrel && (m.defines.size > 0 || m.reexports.size > 0))
    .sort((a, b) => (a.sub < b.sub ? -1 : a.sub > b.sub ? 1 : 0));
  if (existsSync(path.join(root, pkg.src, 'index.ts')) && !deleted.includes(path.join(root, pkg.src, 'index.ts')))
    exportsMap['.'] = `./${srcRel}/index.ts`;
  for (const m of kept)
    exportsMap[`./${m.sub}`] = `./${srcRel}/${path.relative(path.join(root, pkg.src), m.file).replace(/\\/g, '/')}`;
  if (JSON.stringify(manifest.exports) !== JSON.stringify(exportsMap)) {
    manifest.exports = exportsMap;
    changed.push(manifestPath);
    if (!dry) writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  }
}

const biome = path.join(root, 'node_modules', '.bin', 'biome');
const formatted = changed.filter((f) => SOURCE.test(f));
if (!dry && formatted.length && existsSync(biome)) {
  try {
    execFileSync(biome, ['format', '--write', '--no-errors-on-unmatched', ...formatted], {
      cwd: root,
      stdio: 'ignore',
    });
  } catch {
    console.error('biome format failed: run `npx biome format --write` on the rewritten files');
  }
}

for (const f of changed) console.log(`rewrote ${path.relative(root, f)}`);
for (const f of deleted) console.log(`deleted ${path.relative(root, f)}`);
for (const p of [...new Set(problems)]) console.error(`left as it was: ${p}`);
console.log(`${changed.length} files rewritten, ${deleted.length} barrels deleted, ${new Set(problems).size} problems`);
if (problems.length) process.exitCode = 1;
