// `npm run dev`: the API with reload on change (tsx watch, port 3000) and the site from Vite's
// dev server with hot reload (port 5173), which passes /public and /api through to the API.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, SERVE_WEB: 'false' },
  }),
  spawn('npx', ['react-router', 'dev', '--port', '5173'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => code && process.exitCode === undefined && (process.exitCode = code)),
);
