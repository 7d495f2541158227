import { describe, expect, it } from 'vitest';
import { recordLink } from './components/record-link';

describe('record links', () => {
  it('open a property in its edit dialog and a service area record on its edit page', () => {
    expect(recordLink('property', 7, false)).toBe('/properties?edit=7');
    expect(recordLink('service', 3, false)).toBe('/services/services/3/edit');
    expect(recordLink('processStep', 4, false)).toBe('/services/process/4/edit');
    expect(recordLink('testimonial', 5, false)).toBe('/services/testimonials/5/edit');
  });

  it('lead a deleted record, or one the screen cannot open, to its screen', () => {
    expect(recordLink('testimonial', 5, true)).toBe('/services/testimonials');
    expect(recordLink('teamMember', 2, false)).toBe('/team');
    expect(recordLink('heroImage', 1, false)).toBe('/admin/hero-images');
  });
});
