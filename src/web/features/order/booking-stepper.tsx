import { Box } from '@mui/material';
import { Link } from 'react-router';
import {
  BOOKING_STEPS,
  canOpenStep,
  isStepComplete,
  stepPath,
  STEP_TITLES,
  type BookingStep,
} from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';

interface Props {
  step: BookingStep;
  order: LocalOrder | null;
}

const CHECK = 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z';

// Plain elements under one style rule: this runs on every step, so it stays cheap to render.
const styles = {
  mb: { xs: 2, md: 4 },
  '& ol': { display: 'flex', listStyle: 'none', p: 0, m: 0 },
  '& li': { flex: 1, position: 'relative', textAlign: 'center', minWidth: 0 },
  // The line between two steps, from the middle of one circle to the next.
  '& li + li::before': {
    content: '""',
    position: 'absolute',
    top: 12,
    right: 'calc(50% + 20px)',
    left: 'calc(-50% + 20px)',
    borderTop: 1,
    borderColor: 'grey.400',
  },
  '& .step': {
    display: 'inline-flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: 0.5,
    px: 0.5,
    color: 'text.secondary',
    textDecoration: 'none',
    borderRadius: 1,
    fontSize: { xs: '0.75rem', sm: '0.875rem' },
  },
  '& .step__icon': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 24,
    height: 24,
    borderRadius: '50%',
    bgcolor: 'grey.500',
    color: '#fff',
    fontSize: '0.75rem',
  },
  '& .step--done .step__icon, & .step--current .step__icon': { bgcolor: 'primary.main' },
  '& .step--done, & .step--current': { color: 'text.primary', fontWeight: 500 },
  '& a.step:hover .step__label': { textDecoration: 'underline' },
} as const;

/**
 * Where the booking stands: every step in order, done ones ticked. A step the booking may open
 * is a link to it (a list of links in a nav, not tabs: each step is a page of its own).
 */
export function BookingStepper({ step, order }: Props) {
  return (
    <Box component="nav" aria-label="Booking steps" sx={styles}>
      <ol>
        {BOOKING_STEPS.map((s, i) => {
          const current = s === step;
          const done = !current && order !== null && isStepComplete(order, s);
          const reachable = order !== null && !current && canOpenStep(order, s);
          const className = `step${current ? ' step--current' : done ? ' step--done' : ''}`;
          const content = (
            <>
              <span className="step__icon" aria-hidden="true">
                {done ? (
                  <svg viewBox="0 0 24 24" width={16} height={16} focusable="false">
                    <path d={CHECK} fill="currentColor" />
                  </svg>
                ) : (
                  i + 1
                )}
              </span>
              <span className="step__label">{STEP_TITLES[s]}</span>
            </>
          );
          const name = `Step ${i + 1}: ${STEP_TITLES[s]}${done ? ', done' : ''}`;
          return (
            <li key={s}>
              {reachable ? (
                <Link to={stepPath(s, order.Id)} className={className} aria-label={name}>
                  {content}
                </Link>
              ) : (
                <span className={className} aria-current={current ? 'step' : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </Box>
  );
}
