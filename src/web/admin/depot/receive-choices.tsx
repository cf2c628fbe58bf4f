import { useId, type KeyboardEvent, type RefObject } from 'react';
import { List, ListItem, Typography } from '@mui/material';
import type { DepotCustomer, LookupResult, OpenBooking } from '../../../shared/api/depot';
import { BookingText } from './depot-parts';

// The receive screen's choices (receive-page.tsx): what a find offers to record the parcel for,
// the customer's open bookings (the likeliest first) or recording it without one, as a list box.

/** What the parcel is recorded for: one of the customer's bookings, the customer, or nobody. */
type Choice =
  | { kind: 'booking'; booking: OpenBooking }
  | { kind: 'unbooked'; customer: DepotCustomer }
  | { kind: 'unknown' };

/** The bookings the find gave (the likeliest first), then recording it without one. */
export const choicesOf = (found: LookupResult): Choice[] => [
  ...found.Bookings.map((booking): Choice => ({ kind: 'booking', booking })),
  found.Customer ? { kind: 'unbooked', customer: found.Customer } : { kind: 'unknown' },
];

/**
 * The choices as a list box: the first (likeliest) is chosen; the arrow keys, Home and End move
 * the choice, Enter (or a click) takes it and goes on to the weight.
 */
export function ChoiceList({
  choices,
  active,
  onActive,
  onChoose,
  listRef,
}: {
  choices: Choice[];
  active: number;
  onActive: (index: number) => void;
  onChoose: (index: number) => void;
  listRef: RefObject<HTMLUListElement | null>;
}) {
  const id = useId();
  const last = choices.length - 1;
  const keys: Record<string, () => void> = {
    ArrowDown: () => onActive(Math.min(active + 1, last)),
    ArrowUp: () => onActive(Math.max(active - 1, 0)),
    Home: () => onActive(0),
    End: () => onActive(last),
    Enter: () => onChoose(active),
    ' ': () => onChoose(active),
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  return (
    <List
      ref={listRef}
      role="listbox"
      aria-label="Bookings"
      tabIndex={0}
      aria-activedescendant={`${id}-${active}`}
      onKeyDown={onKeyDown}
      disablePadding
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
      }}
    >
      {choices.map((c, i) => (
        <ListItem
          key={c.kind === 'booking' ? c.booking.OrderId : c.kind}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          onClick={() => onChoose(i)}
          divider={i < last}
          sx={{
            cursor: 'pointer',
            display: 'block',
            borderLeft: 4,
            borderLeftColor: i === active ? 'primary.main' : 'transparent',
            bgcolor: i === active ? 'action.selected' : undefined,
          }}
        >
          <ChoiceText choice={c} />
        </ListItem>
      ))}
    </List>
  );
}

function ChoiceText({ choice }: { choice: Choice }) {
  switch (choice.kind) {
    case 'booking':
      return <BookingText booking={choice.booking} />;
    case 'unbooked':
      return (
        <>
          <Typography component="span" sx={{ fontWeight: 700 }}>
            No booking for this parcel
          </Typography>
          {` · record it as unbooked: we e-mail ${choice.customer.Name} to book it`}
        </>
      );
    case 'unknown':
      return (
        <>
          <Typography component="span" sx={{ fontWeight: 700 }}>
            Unknown parcel
          </Typography>
          {' · record it on the list of unknown parcels'}
        </>
      );
  }
}
