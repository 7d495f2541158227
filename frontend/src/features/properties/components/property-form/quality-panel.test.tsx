import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n, { setInterfaceLanguage } from '@/i18n';
import ar from '@/i18n/property-form.ar.json';
import { QualityPanel, qualityBand, type ListingQuality } from './quality-panel';

const fair: ListingQuality = {
  score: 72,
  fixes: [
    { code: 'photos', message: 'Add at least 5 photos', points: 15 },
    { code: 'description', message: 'Write a longer description', points: 8 },
    { code: 'pin', message: 'Place the pin on the map', points: 5 },
  ],
};

describe('the quality panel', () => {
  beforeAll(async () => {
    await i18n.loadNamespaces('propertyForm');
  });

  it('shows the score out of 100 on a meter named by it', () => {
    render(<QualityPanel quality={fair} />);

    expect(screen.getByRole('heading', { name: 'Listing quality: 72/100' })).toBeInTheDocument();
    const meter = screen.getByRole('meter', { name: 'Listing quality: 72/100' });
    expect(meter).toHaveAttribute('aria-valuemin', '0');
    expect(meter).toHaveAttribute('aria-valuemax', '100');
    expect(meter).toHaveAttribute('aria-valuenow', '72');
    expect(meter).toHaveAttribute('aria-valuetext', '72 of 100, Fair');
  });

  it.each([
    [100, 'good', 'Good'],
    [80, 'good', 'Good'],
    [79, 'fair', 'Fair'],
    [50, 'fair', 'Fair'],
    [49, 'poor', 'Poor'],
    [0, 'poor', 'Poor'],
  ] as const)('puts a score of %i in the %s band', (score, band, name) => {
    expect(qualityBand(score)).toBe(band);
    render(<QualityPanel quality={{ score, fixes: [] }} />);

    expect(screen.getByText(name)).toBeInTheDocument();
  });

  it('colours the meter by band and fills it to the score', () => {
    const { rerender } = render(<QualityPanel quality={{ score: 85, fixes: [] }} />);
    const fill = () => screen.getByRole('meter').firstElementChild;
    expect(fill()).toHaveClass('bg-emerald-600');
    expect(fill()).toHaveStyle({ width: '85%' });

    rerender(<QualityPanel quality={{ score: 60, fixes: [] }} />);
    expect(fill()).toHaveClass('bg-amber-600');

    rerender(<QualityPanel quality={{ score: 20, fixes: [] }} />);
    expect(fill()).toHaveClass('bg-red-600');
    expect(fill()).toHaveStyle({ width: '20%' });
  });

  it('lists what would raise the score, each with its points', () => {
    render(<QualityPanel quality={fair} />);

    expect(screen.getByText('To raise it:')).toBeInTheDocument();
    const fixes = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(fixes.map((fix) => fix.textContent)).toEqual([
      'Add at least 5 photos+15',
      'Write a longer description+8',
      'Place the pin on the map+5',
    ]);
  });

  it('says there is nothing left to improve at 100', () => {
    render(<QualityPanel quality={{ score: 100, fixes: [] }} />);

    expect(screen.getByText('Nothing left to improve')).toBeInTheDocument();
    expect(screen.queryByText('To raise it:')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  describe('in Arabic', () => {
    afterEach(async () => {
      await setInterfaceLanguage('en');
      localStorage.clear();
    });

    it('names the score, its band and the fixes in Arabic', async () => {
      await setInterfaceLanguage('ar');
      render(<QualityPanel quality={{ score: 45, fixes: [{ code: 'photos', message: 'أضف خمس صور على الأقل', points: 15 }] }} />);

      expect(screen.getByRole('meter', { name: 'جودة الإعلان: 45/100' })).toHaveAttribute('aria-valuetext', `45 من 100، ${ar.quality.bands.poor}`);
      expect(screen.getByText(ar.quality.bands.poor)).toBeInTheDocument();
      expect(screen.getByText(ar.quality.toRaise)).toBeInTheDocument();
      expect(screen.getByRole('listitem')).toHaveTextContent('أضف خمس صور على الأقل+15');
    });
  });
});
