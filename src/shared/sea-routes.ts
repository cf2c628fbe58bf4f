// How a parcel travels from the Portsmouth depot to each island (the export certificate states
// it): by sea freight to the island's port, and on to Alderney, Sark and Herm from Guernsey.

import type { Island } from './islands';

const DEPOT_PORT = 'Portsmouth';
export const TRANSPORT_MODE = 'Sea freight';

interface IslandPort {
  port: string;
  /** The island whose port the goods pass through first. */
  via?: Island;
}

export const ISLAND_PORTS: Readonly<Record<Island, IslandPort>> = {
  Jersey: { port: 'St Helier' },
  Guernsey: { port: 'St Peter Port' },
  Alderney: { port: 'Braye', via: 'Guernsey' },
  Sark: { port: 'Maseline Harbour', via: 'Guernsey' },
  Herm: { port: 'Herm Harbour', via: 'Guernsey' },
};

/**
 * The route in words, e.g. `Portsmouth (UK) to St Helier, Jersey` or `Portsmouth (UK) to St
 * Peter Port, Guernsey, then Braye, Alderney`. An island the table does not know (the orders'
 * island column is text) is named without a port.
 */
export function seaRoute(island: string): string {
  const to = ISLAND_PORTS[island as Island] as IslandPort | undefined;
  if (!to) return `${DEPOT_PORT} (UK) to ${island}`;
  const first = to.via ? `${ISLAND_PORTS[to.via].port}, ${to.via}, then ` : '';
  return `${DEPOT_PORT} (UK) to ${first}${to.port}, ${island}`;
}
