// `npm run bench -- --fuzz` and `npm run bench -- --kill`: the gates at bench size.
// --fuzz runs the fuzz gate with 100,000 requests in all (about 1,000 per route); --kill runs
// 100 rounds of kill -9 during payments. Each prints what it ran and writes bench/gates.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const ROUTES_APPROX = 100;
const runs: { name: string; env: Record<string, string>; file: string; pattern: RegExp }[] = [];
if (process.argv.includes('--fuzz')) {
  runs.push({
    name: 'fuzz',
    env: { FUZZ_RUNS: String(Math.ceil(100_000 / ROUTES_APPROX)) },
    file: 'tests/api/fuzz-gates.test.ts',
    pattern: /fuzz: .*/,
  });
}
if (process.argv.includes('--kill')) {
  runs.push({
    name: 'kill',
    env: { KILL_ROUNDS: '100' },
    file: 'tests/api/kill-nine.test.ts',
    pattern: /kill -9: .*/,
  });
}

const file = 'bench/gates.json';
const results: Record<string, unknown> = fs.existsSync(file)
  ? JSON.parse(fs.readFileSync(file, 'utf8'))
  : {};
for (const run of runs) {
  const started = Date.now();
  const child = spawnSync('npx', ['vitest', 'run', run.file, '--testTimeout=7200000'], {
    env: { ...process.env, ...run.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${child.stdout}\n${child.stderr}`;
  const report = run.pattern.exec(output)?.[0] ?? 'no report';
  const passed = child.status === 0;
  console.log(`${run.name}: ${passed ? 'passed' : 'FAILED'}: ${report}`);
  if (!passed) console.log(output.slice(-4000));
  results[run.name] = {
    date: new Date().toISOString(),
    passed,
    report,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}
fs.writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
