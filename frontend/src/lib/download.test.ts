import { describe, expect, it } from 'vitest';
import { attachmentName } from './download';

describe('attachmentName', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    const arabic =
      "attachment; filename=\"properties-2026-11-26.csv\"; filename*=UTF-8''%D8%A7%D9%84%D8%B9%D9%82%D8%A7%D8%B1%D8%A7%D8%AA-2026-11-26.csv";
    expect(attachmentName(arabic, 'x.csv')).toBe('العقارات-2026-11-26.csv');
    expect(attachmentName('attachment; filename="properties-template.xlsx"', 'x')).toBe('properties-template.xlsx');
    expect(attachmentName("attachment; filename=\"a.csv\"; filename*=UTF-8''%E0%A4", 'x')).toBe('a.csv');
    expect(attachmentName(null, 'properties.xlsx')).toBe('properties.xlsx');
  });
});
