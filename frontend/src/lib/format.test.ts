import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '@/i18n';
import { formatDate, formatDateTime, formatMoney, formatNumber, setNumerals, useFormat } from './format';

const moment = new Date(2026, 10, 26, 14, 5, 9);

describe('formatting for the interface', () => {
  afterEach(() => {
    setNumerals('latin');
  });

  it('writes English numbers, dates and money with Latin digits', () => {
    const en = { language: 'en', numerals: 'latin' } as const;
    expect(formatNumber(1250000.456, en)).toBe('1,250,000.46');
    expect(formatMoney(1250000, 'USD', en)).toBe('1,250,000 USD');
    expect(formatMoney(99.5, null, en)).toBe('99.5');
    expect(formatDate(moment, en)).toBe('11/26/2026');
    expect(formatDateTime(moment, en)).toBe('11/26/2026, 2:05:09 PM');
  });

  it('writes Arabic with the Latin digits the business uses by default', () => {
    const ar = { language: 'ar', numerals: 'latin' } as const;
    expect(formatNumber(1250000, ar)).toBe('1,250,000');
    expect(formatMoney(1250000, 'USD', ar)).toBe('1,250,000 USD');
    expect(formatDate(moment, ar)).toBe('26\u200f/11\u200f/2026');
    expect(formatDateTime(moment, ar)).toBe('26\u200f/11\u200f/2026، 2:05:09 م');
  });

  it('writes Arabic with Arabic-Indic digits when they are chosen', () => {
    const ar = { language: 'ar', numerals: 'arabic' } as const;
    expect(formatNumber(1250000, ar)).toBe('١٬٢٥٠٬٠٠٠');
    expect(formatMoney(1250000.5, 'USD', ar)).toBe('١٬٢٥٠٬٠٠٠٫٥ USD');
    expect(formatDate(moment, ar)).toBe('٢٦\u200f/١١\u200f/٢٠٢٦');
    expect(formatDateTime(moment, ar)).not.toMatch(/[0-9]/u);
  });

  it('applies a change of digits to the screens at once', () => {
    const { result } = renderHook(() => useFormat());
    expect(result.current.number(1234)).toBe('1,234');
    act(() => {
      setNumerals('arabic');
    });
    expect(result.current.locale).toEqual({ language: 'en', numerals: 'arabic' });
    expect(result.current.number(1234)).toBe('١٬٢٣٤');
  });
});
