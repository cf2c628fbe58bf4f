// Builds the site when build/ is missing or was built from other sources (`npm test` runs it
// beside the unit and API tests, which do not read it, so the journeys find it made).
import { ensureWebBuild } from '../src/server/lib/build';

await ensureWebBuild();
