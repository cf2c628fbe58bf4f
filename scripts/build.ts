// `npm run build`: builds the site with React Router (prerendering the content pages) and
// records the hash of the sources it was built from, so `npm start` knows when to rebuild.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { BUILD_STAMP, sourceHash } from '../src/server/lib/build';

const hash = sourceHash();
const result = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.writeFileSync(BUILD_STAMP, hash);
