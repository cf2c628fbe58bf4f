import { describe, expect, test } from 'vitest';
import { refundOrderSchema } from '../../../src/shared/api/office';
import { ApiError } from '../../../src/web/lib/api-client';
import {
  changed,
  fieldError,
  formError,
  initialState,
  submitted,
} from '../../../src/web/admin/kit/form-state';

// The back office's one form (src/web/admin/kit/use-zod-form.ts) keeps its rules in
// form-state.ts; these are what a member of staff sees on a refund form.

const body = (v: { Amount: string; Reason: string }) => ({
  Amount: v.Amount.trim() === '' ? NaN : Number(v.Amount),
  Reason: v.Reason,
});
const start = initialState({ Amount: '', Reason: '' });
const refused = (status: number, message: string, errors?: { field: string; error: string }[]) =>
  new ApiError(status, { statusCode: status, message, errors });

describe('the back office form', () => {
  test("a value the contract refuses shows the contract's message on its field, and nothing is sent", () => {
    const { state, data } = submitted(start, refundOrderSchema, body(start.values));
    expect(data).toBeUndefined();
    expect(fieldError(state, null, 'Reason')).toBe('Say why the money is given back');
    expect(fieldError(state, null, 'Amount')).toEqual(expect.any(String));
    expect(formError(null)).toBeUndefined();
    const typed = changed(state, 'Reason', 'Broken in transit');
    expect(fieldError(typed, null, 'Reason')).toBeUndefined();
    expect(fieldError(typed, null, 'Amount')).toEqual(expect.any(String));
  });

  test('values the contract passes are sent as the body', () => {
    const filled = changed(changed(start, 'Amount', '12.50'), 'Reason', 'Late');
    const { state, data } = submitted(filled, refundOrderSchema, body(filled.values));
    expect(data).toEqual({ Amount: 12.5, Reason: 'Late' });
    expect(fieldError(state, null, 'Amount')).toBeUndefined();
  });

  test("the server's field error shows on its field until that field changes", () => {
    const filled = changed(changed(start, 'Amount', '900'), 'Reason', 'Late');
    const { state } = submitted(filled, refundOrderSchema, body(filled.values));
    const refusal = refused(400, 'Validation failed', [
      { field: 'Amount', error: 'Only £40.00 may be refunded' },
    ]);
    expect(fieldError(state, refusal, 'Amount')).toBe('Only £40.00 may be refunded');
    expect(fieldError(state, refusal, 'Reason')).toBeUndefined();
    expect(formError(refusal)).toBeUndefined();
    expect(fieldError(changed(state, 'Reason', 'Later'), refusal, 'Amount')).toBe(
      'Only £40.00 may be refunded',
    );
    expect(fieldError(changed(state, 'Amount', '40'), refusal, 'Amount')).toBeUndefined();
  });

  test('a refusal that names no field is the form’s own message, once', () => {
    const refusal = refused(409, 'The order was cancelled meanwhile');
    expect(formError(refusal)).toBe('The order was cancelled meanwhile');
    expect(fieldError(start, refusal, 'Amount')).toBeUndefined();
    expect(fieldError(start, refusal, 'Reason')).toBeUndefined();
    expect(formError(refused(500, 'boom'))).toBe('That did not work just now, please try again.');
    expect(formError(new TypeError('Failed to fetch'))).toBe(
      'That did not work just now, please try again.',
    );
  });
});
