import { describe, expect, test } from 'vitest';
import {
  ITEM_LINE_MESSAGES,
  emptyItemLineForm,
  itemLineErrors,
  itemLineForm,
  itemLineFromForm,
} from '../../../src/shared/item-lines';
import {
  itemLinesMismatch,
  itemLinesQuantity,
  itemLinesTotalPence,
} from '../../../src/shared/item-lines-value';
import { MESSAGES } from '../../../src/shared/validation/messages';

const line = (Quantity: number, ValueEach: number) => ({ Quantity, ValueEach });

describe('item lines add up', () => {
  test('a line is its quantity times the value of one, in whole pence', () => {
    expect(itemLinesTotalPence([line(3, 0.1), line(1, 0.2)])).toBe(50);
    expect(itemLinesTotalPence([line(2, 19.99), line(1, 49.99)])).toBe(8997);
    expect(itemLinesQuantity([line(2, 1), line(3, 1)])).toBe(5);
  });

  test('lines fit the declared value only to the penny; no lines fit anything', () => {
    expect(itemLinesMismatch([line(2, 19.99), line(1, 49.99)], 8997)).toBeNull();
    expect(itemLinesMismatch([line(2, 19.99)], 3999)).toBe(
      'The item lines add up to £39.98, not the declared value of £39.99',
    );
    expect(itemLinesMismatch([], 3999)).toBeNull();
  });
});

describe('an item line form', () => {
  test('a new line is one item made in the UK, to be described and valued', () => {
    expect(itemLineErrors(emptyItemLineForm())).toEqual({
      Description: MESSAGES.required,
      ValueEach: MESSAGES.required,
    });
  });

  test('a valid form becomes a line: trimmed, country upper case, code without spaces', () => {
    const form = {
      Description: '  Wool jumper ',
      Quantity: '2',
      ValueEach: '35.5',
      Origin: 'it',
      CommodityCode: '6110 11',
    };
    expect(itemLineFromForm(form)).toEqual({
      Description: 'Wool jumper',
      Quantity: 2,
      ValueEach: 35.5,
      Origin: 'IT',
      CommodityCode: '611011',
    });
    expect(itemLineForm(itemLineFromForm(form)!)).toMatchObject({ ValueEach: '35.50' });
  });

  test('each field says what is wrong with it', () => {
    const form = { ...emptyItemLineForm(), Description: 'Hat', ValueEach: '5' };
    expect(itemLineErrors({ ...form, Quantity: '0' })).toEqual({
      Quantity: MESSAGES.positiveWholeNumber,
    });
    expect(itemLineErrors({ ...form, Origin: 'ZZ' })).toEqual({
      Origin: ITEM_LINE_MESSAGES.origin,
    });
    expect(itemLineErrors({ ...form, CommodityCode: '1234567' })).toEqual({
      CommodityCode: ITEM_LINE_MESSAGES.commodityCode,
    });
    expect(itemLineErrors({ ...form, CommodityCode: '6110.11.00' })).toEqual({});
    expect(itemLineFromForm({ ...form, ValueEach: '5.001' })).toBeNull();
  });
});
