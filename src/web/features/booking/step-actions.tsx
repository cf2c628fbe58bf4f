import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import '../../styles/booking.css';

interface Props {
  /** Where Back goes (none on the first step). */
  back?: string;
  onBack?: () => void;
  continueLabel?: string;
  /** Offered while editing a booking already in the basket; gets the click (its form is checked). */
  onSaveToBasket?: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** Back, and the form's submit button (Continue); while editing, Save and return to basket. */
export function StepActions({ back, onBack, continueLabel = 'Continue', onSaveToBasket }: Props) {
  return (
    <div className="step-actions">
      {back ? (
        <Link to={back} onClick={onBack} className="button button--text">
          Back
        </Link>
      ) : (
        <span />
      )}
      <div className="step-actions__main">
        {onSaveToBasket && (
          <button type="button" className="button button--outlined" onClick={onSaveToBasket}>
            Save and return to basket
          </button>
        )}
        <button type="submit" className="button button--contained button--large">
          {continueLabel}
        </button>
      </div>
    </div>
  );
}
