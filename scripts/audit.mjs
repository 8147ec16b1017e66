// `npm run audit`: fails on any high or critical advisory in the production dependencies
// (`npm audit --omit=dev --audit-level=high`). When the registry's advisory database cannot be
// reached (some mirrors answer the audit endpoint `405 Method Not Allowed`), nothing was checked:
// the script says so in one line and exits 77, the conventional "skipped" code, which
// `npm test` counts as skipped, never as passed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SKIPPED_EXIT_CODE = 77;
const TIME_LIMIT_MS = 120_000;

/** An answer from npm that says the advisories could not be fetched, rather than what they are. */
const unreachable = (report) => {
  const status = report.statusCode ?? report.error?.statusCode;
  if (typeof status === 'number') return `the advisory endpoint answered ${report.message ?? status}`;
  const code = report.error?.code ?? report.code;
  if (
    typeof code === 'string' &&
    /^(E\d{3}|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENETUNREACH)$/.test(code)
  )
    return `the advisory endpoint could not be reached (${code}${report.error?.summary ? `: ${report.error.summary}` : ''})`;
  return null;
};

/**
 * What `npm audit --json` printed, judged: `passed`, `failed` (with the advisories to show), or
 * `skipped` when no advisory could be checked. Output that is none of these fails: a check that
 * cannot tell must not pass.
 */
export const auditVerdict = (output) => {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    return { verdict: 'failed', line: 'audit: FAILED: npm audit printed no JSON report' };
  }
  const reason = unreachable(report);
  if (reason) return { verdict: 'skipped', line: `audit: SKIPPED: ${reason}; no advisory was checked` };
  const counts = report.metadata?.vulnerabilities;
  if (!counts) return { verdict: 'failed', line: 'audit: FAILED: the report has no vulnerability counts' };
  const serious = Object.values(report.vulnerabilities ?? {}).filter(
    (v) => v.severity === 'high' || v.severity === 'critical',
  );
  const total = report.metadata.dependencies?.prod ?? report.metadata.dependencies?.total ?? '?';
  if ((counts.high ?? 0) + (counts.critical ?? 0) === 0)
    return { verdict: 'passed', line: `audit: no high or critical advisory in ${total} production dependencies` };
  const details = serious.map((v) => {
    const titles = (v.via ?? []).filter((via) => typeof via === 'object').map((via) => `${via.title} (${via.url})`);
    return `  ${v.severity} ${v.name}@${v.range}: ${titles.join('; ') || `through ${v.via?.join(', ')}`}${v.fixAvailable ? ' — fix available' : ''}`;
  });
  return {
    verdict: 'failed',
    line: `audit: FAILED: ${counts.critical ?? 0} critical and ${counts.high ?? 0} high advisories in production dependencies\n${details.join('\n')}`,
  };
};

const runAudit = (root) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      output += text;
    });
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      resolve(null);
    }, TIME_LIMIT_MS);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const output = await runAudit(path.resolve(import.meta.dirname, '..'));
  const result =
    output === null
      ? {
          verdict: 'skipped',
          line: `audit: SKIPPED: npm audit gave no answer in ${TIME_LIMIT_MS / 1000} s; no advisory was checked`,
        }
      : auditVerdict(output);
  (result.verdict === 'failed' ? console.error : console.log)(result.line);
  process.exit(result.verdict === 'passed' ? 0 : result.verdict === 'skipped' ? SKIPPED_EXIT_CODE : 1);
}
