import { Button, Stack } from '@mui/material';
import { Link } from 'react-router';

interface Props {
  /** Where Back goes (none on the first step). */
  back?: string;
  onBack?: () => void;
  continueLabel?: string;
  /** Offered while editing a booking already in the basket. */
  onSaveToBasket?: () => void;
}

/** Back, and the form's submit button (Continue); while editing, Save and return to basket. */
export function StepActions({ back, onBack, continueLabel = 'Continue', onSaveToBasket }: Props) {
  return (
    <Stack
      direction={{ xs: 'column-reverse', sm: 'row' }}
      spacing={2}
      sx={{ mt: 4, justifyContent: 'space-between' }}
    >
      {back ? (
        <Button component={Link} to={back} onClick={onBack} variant="text">
          Back
        </Button>
      ) : (
        <span />
      )}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2}>
        {onSaveToBasket && (
          <Button variant="outlined" onClick={onSaveToBasket}>
            Save and return to basket
          </Button>
        )}
        <Button type="submit" variant="contained" size="large">
          {continueLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
