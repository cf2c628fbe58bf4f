import { useState } from 'react';
import { Checkbox } from '@mui/material';

// What the dispatch screen's two tables share (dispatch-page.tsx, dispatch-shipped.tsx): choosing
// rows, one by one or by group, the words for the chosen rows, and the columns shown only wide.

/** Only on wide screens: the table keeps to what dispatching needs on a tablet. */
export const WIDE = { display: { xs: 'none', lg: 'table-cell' } } as const;

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** A button's words for the chosen rows: `Dispatch 2 parcels`, or just `Dispatch` for none. */
export const forChosen = (n: number, before: string, after = '') =>
  [before, n > 0 ? plural(n, 'parcel') : '', after].filter(Boolean).join(' ');

/** Which order ids are chosen; toggling some adds them all, or takes them all away when all were. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = (ids: number[]) =>
    setSelected((current) => {
      const next = new Set(current);
      const all = ids.every((id) => current.has(id));
      ids.forEach((id) => (all ? next.delete(id) : next.add(id)));
      return next;
    });
  return { selected, toggle, clear: () => setSelected(new Set()) };
}

/** A checkbox for a group of rows: ticked when all are, a dash when some are. */
export function GroupCheckbox({
  ids,
  selected,
  onToggle,
  label,
}: {
  ids: number[];
  selected: ReadonlySet<number>;
  onToggle: (ids: number[]) => void;
  label: string;
}) {
  const count = ids.filter((id) => selected.has(id)).length;
  return (
    <Checkbox
      checked={ids.length > 0 && count === ids.length}
      indeterminate={count > 0 && count < ids.length}
      disabled={ids.length === 0}
      onChange={() => onToggle(ids)}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}
