import { describe, expect, test } from 'vitest';
import {
  canOpenStep,
  detailsForm,
  detailsPatch,
  DETAILS_RULES,
  firstIncompleteStep,
  nextStep,
  POUNDS_AND_PENCE_MESSAGE,
  previousStep,
  retailerForm,
  retailerPatch,
  retailerRules,
  sizeForm,
  sizeFromForm,
  SIZE_RULES,
  stepPath,
  type RetailerField,
  RETAILER_ORDER_DATE_MESSAGE,
} from '../../../src/shared/booking-steps';
import { MESSAGES } from '../../../src/shared/validation/messages';
import { newLocalOrder, type LocalOrder } from '../../../src/shared/local-order';
import { validateForm } from '../../../src/shared/validation/form';

const empty = newLocalOrder(4, '2026-11-20T10:00:00.000Z');
const sized: LocalOrder = { ...empty, ProductId: 1 };
const withRetailer: LocalOrder = { ...sized, RetailerName: 'Argos' };
const accepted: LocalOrder = { ...withRetailer, TermsAcceptedAt: '2026-11-20T10:05:00.000Z' };
const detailed: LocalOrder = {
  ...accepted,
  ItemDescription: 'Kettle',
  ItemValue: 25,
  ItemCount: 1,
  Island: 'Guernsey',
};
const finished: LocalOrder = { ...detailed, ExtrasConfirmed: true };

describe('where a booking stands', () => {
  test('the first incomplete step, in the order of docs/requirements.md §4', () => {
    expect(firstIncompleteStep(empty)).toBe('size');
    expect(firstIncompleteStep(sized)).toBe('retailer');
    expect(firstIncompleteStep(withRetailer)).toBe('terms');
    expect(firstIncompleteStep(accepted)).toBe('details');
    expect(firstIncompleteStep(detailed)).toBe('additions');
    expect(firstIncompleteStep(finished)).toBeNull();
  });

  test('a step opens once the steps before it are complete', () => {
    expect(canOpenStep(empty, 'size')).toBe(true);
    expect(canOpenStep(empty, 'retailer')).toBe(false);
    expect(canOpenStep(sized, 'retailer')).toBe(true);
    expect(canOpenStep(sized, 'details')).toBe(false);
    expect(canOpenStep(finished, 'size')).toBe(true);
    expect(canOpenStep(finished, 'additions')).toBe(true);
  });

  test('an invalid stored value makes its step incomplete again', () => {
    expect(firstIncompleteStep({ ...finished, RetailerWebsite: 'not a web address' })).toBe(
      'retailer',
    );
    expect(firstIncompleteStep({ ...finished, Island: 'Atlantis' })).toBe('details');
    expect(firstIncompleteStep({ ...finished, MultipleDeliveries: true })).toBe('retailer');
  });

  test('step order and paths', () => {
    expect(nextStep('size')).toBe('retailer');
    expect(nextStep('additions')).toBeNull();
    expect(previousStep('size')).toBeNull();
    expect(previousStep('terms')).toBe('retailer');
    expect(stepPath('details', 4)).toBe('/order/details/4');
  });
});

describe('the size form', () => {
  test('centimetres and kilograms in, millimetres and grams stored', () => {
    expect(sizeFromForm({ length: '35.5', width: '25', height: '16', weight: '1.25' })).toEqual({
      size: { length: 355, width: 250, height: 160 },
      Weight: 1250,
    });
    expect(sizeForm({ size: { length: 355, width: 250, height: 160 }, Weight: 1250 })).toEqual({
      length: '35.5',
      width: '25',
      height: '16',
      weight: '1.25',
    });
    expect(sizeForm(null)).toEqual({ length: '', width: '', height: '', weight: '' });
  });

  test('invalid sizes are refused with the shared messages', () => {
    expect(sizeFromForm({ length: '0', width: '25', height: '16', weight: '1' })).toBeNull();
    expect(
      validateForm({ length: '', width: 'x', height: '2000', weight: '0' }, SIZE_RULES),
    ).toEqual({
      length: 'This field is required',
      width: 'Enter number between 1 and 1000',
      height: 'Enter number between 1 and 1000',
      weight: 'Enter number between 0.1 and 1000',
    });
  });
});

describe('the retailer form', () => {
  test('round trip, and the number of deliveries only with more than one', () => {
    const booking = { ...sized, RetailerName: ' Next ', TrackingNumber: 'JD01', DeliveryCount: 3 };
    const form = retailerForm(booking);
    // Applied to the booking: text trimmed, a cleared field cleared, the count dropped.
    const patch = retailerPatch({ ...form, TrackingNumber: '', MultipleDeliveries: false });
    expect({ ...booking, ...patch }).toEqual({
      ...booking,
      RetailerName: 'Next',
      TrackingNumber: '',
      DeliveryCount: null,
    });
    expect(retailerPatch({ ...form, MultipleDeliveries: true })).toMatchObject({
      MultipleDeliveries: true,
      DeliveryCount: 3,
    });
    const single = { ...form, MultipleDeliveries: false };
    expect(validateForm<RetailerField>(single, retailerRules(single))).toEqual({});
  });

  test('fields with an error are not stored, so the stored booking stays valid', () => {
    const form = retailerForm(withRetailer);
    const patch = retailerPatch({
      ...form,
      RetailerName: '',
      RetailerWebsite: 'nope',
      MultipleDeliveries: true,
      DeliveryCount: '1',
    });
    expect(patch).not.toHaveProperty('RetailerName');
    expect(patch).not.toHaveProperty('RetailerWebsite');
    expect(patch).not.toHaveProperty('MultipleDeliveries');
    expect(patch).not.toHaveProperty('DeliveryCount');
  });

  test('messages', () => {
    const form = {
      ...retailerForm(empty),
      RetailerWebsite: 'nope',
      ExpectedDeliveryDate: '2026-02-31',
      MultipleDeliveries: true,
      DeliveryCount: '1',
    };
    expect(validateForm<RetailerField>(form, retailerRules(form))).toEqual({
      RetailerName: 'This field is required',
      RetailerWebsite: 'URL is invalid',
      ExpectedDeliveryDate: 'Please enter a valid date',
      DeliveryCount: 'This field must be at least 2',
    });
  });
});

describe('the details form', () => {
  test('the item value must be greater than zero, in pounds and pence', () => {
    const check = (ItemValue: string) =>
      validateForm({ ...detailsForm(detailed), ItemValue }, DETAILS_RULES).ItemValue;
    expect(check('0')).toBe('Item value must be greater than zero');
    expect(check('-5')).toBe('Item value must be greater than zero');
    expect(check('abc')).toBe('Item value must be greater than zero');
    expect(check('')).toBe('This field is required');
    expect(check('12.345')).toBe(POUNDS_AND_PENCE_MESSAGE);
    expect(check('12.5')).toBeUndefined();
    expect(check('0.01')).toBeUndefined();
  });

  test('only valid values are stored', () => {
    expect(
      detailsPatch({
        ItemDescription: ' Kettle ',
        ItemValue: '0',
        ItemCount: '2',
        RetailerDeliveryCharge: '',
        RetailerOrderDate: '2099-01-01',
        Island: 'Sark',
      }),
    ).toEqual({
      ItemDescription: 'Kettle',
      ItemCount: 2,
      RetailerDeliveryCharge: null,
      Island: 'Sark',
    });
    // the retailer's order date is optional, a real day and not in the future
    const date = (RetailerOrderDate: string) =>
      validateForm({ ...detailsForm(detailed), RetailerOrderDate }, DETAILS_RULES)
        .RetailerOrderDate;
    expect(date('')).toBeUndefined();
    expect(date('2026-02-30')).toBe(MESSAGES.date);
    expect(date('2099-01-01')).toBe(RETAILER_ORDER_DATE_MESSAGE);
    expect(date('2025-11-25')).toBeUndefined();
    // the retailer's delivery charge is optional, zero or more in pounds and pence
    const charge = (RetailerDeliveryCharge: string) =>
      detailsPatch({ ...detailsForm(detailed), RetailerDeliveryCharge }).RetailerDeliveryCharge;
    expect(charge('4.95')).toBe(4.95);
    expect(charge('0')).toBe(0);
    expect(charge('-1')).toBeUndefined();
    expect(charge('4.999')).toBeUndefined();
    expect(detailsForm(detailed)).toEqual({
      ItemDescription: 'Kettle',
      ItemValue: '25',
      ItemCount: '1',
      RetailerDeliveryCharge: '',
      RetailerOrderDate: '',
      Island: 'Guernsey',
    });
  });
});
