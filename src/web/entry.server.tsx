import { text } from 'node:stream/consumers';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { prerenderToNodeStream } from 'react-dom/static';
import RegisterDialog from './features/account/register-dialog';
import { REGISTER_ISLAND } from './features/account/register-island';

/** The Register island's place as the page draws it (register-island.tsx). */
const registerPlace = `<div id="${REGISTER_ISLAND.id}"></div>`;

/** The Register dialog as every page has it, closed: rendered once for the build. */
let registerDialog: Promise<string> | undefined;
const renderRegisterDialog = async () => {
  const { prelude } = await prerenderToNodeStream(<RegisterDialog goTo={() => {}} />, {
    identifierPrefix: REGISTER_ISLAND.identifierPrefix,
  });
  return text(prelude);
};

/** A page with the Register dialog rendered, closed, into its place. */
async function withRegisterDialog(html: string): Promise<string> {
  if (!html.includes(registerPlace)) return html;
  const dialog = await (registerDialog ??= renderRegisterDialog());
  return html.replace(registerPlace, () => registerPlace.replace('></div>', `>${dialog}</div>`));
}

/**
 * The site renders pages only at build time (`ssr: false`: the prerendered pages and the SPA
 * fallback), so each page is rendered whole, with React's static generation, and the islands
 * (the Register dialog) are rendered into their places: the browser has them from the first
 * paint, opened by their buttons with no script, and hydrates each when its own code arrives
 * (docs/decisions/0029).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const { prelude } = await prerenderToNodeStream(
    <ServerRouter context={routerContext} url={request.url} />,
  );
  responseHeaders.set('Content-Type', 'text/html');
  return new Response(await withRegisterDialog(await text(prelude)), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
