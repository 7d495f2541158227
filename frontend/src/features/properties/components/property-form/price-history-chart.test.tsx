import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n, { setInterfaceLanguage } from '@/i18n';
import ar from '@/i18n/property-form.ar.json';
import { PriceHistoryChart, type PricePoint } from './price-history-chart';

const sale: PricePoint[] = [
  { at: '2025-01-15T09:00:00Z', price: 1_250_000, currency: 'AED', rentFrequency: null },
  { at: '2025-04-02T12:30:00Z', price: 1_199_000, currency: 'AED', rentFrequency: null },
  { at: '2025-09-20T08:00:00Z', price: 1_150_000.5, currency: 'AED', rentFrequency: null },
];

const rent: PricePoint[] = [
  { at: '2025-02-01T10:00:00Z', price: 120_000, currency: 'AED', rentFrequency: 'yearly' },
  { at: '2025-06-01T10:00:00Z', price: 11_000, currency: 'AED', rentFrequency: 'monthly' },
];

/** A text with Intl's no-break spaces read as spaces, as testing-library's queries read it. */
function text(element: Element): string {
  return element.textContent.replace(/\s+/g, ' ');
}

/** The table's rows under its header, once opened, each as its cells' texts. */
async function tableRows(showAll = 'Show all prices'): Promise<string[][]> {
  await userEvent.click(screen.getByText(showAll));
  const [, ...rows] = screen.getAllByRole('row');
  return rows.map((row) => within(row).getAllByRole('cell').map(text));
}

describe('the price history chart', () => {
  beforeAll(async () => {
    await i18n.loadNamespaces('propertyForm');
  });

  it('lists every price with its date, oldest first', async () => {
    render(<PriceHistoryChart points={sale} />);

    expect(await tableRows()).toEqual([
      ['1/15/2025', 'AED 1,250,000'],
      ['4/2/2025', 'AED 1,199,000'],
      ['9/20/2025', 'AED 1,150,000.50'],
    ]);
    expect(screen.getByRole('table', { name: 'Prices, oldest first' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Date', 'Price']);
  });

  it('says how often a rent is paid', async () => {
    render(<PriceHistoryChart points={rent} />);

    expect(await tableRows()).toEqual([
      ['2/1/2025', 'AED 120,000 per year'],
      ['6/1/2025', 'AED 11,000 per month'],
    ]);
  });

  it('writes the first and the last price beside a drawn line', () => {
    const { container } = render(<PriceHistoryChart points={sale} />);

    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('svg path[fill="none"]')).toHaveAttribute('d', expect.stringMatching(/^M0 10 H.* V.* H.* V90$/));
    const [firstLabel, lastLabel, ...others] = container.querySelectorAll(':scope > div > div > p');
    expect(others).toHaveLength(0);
    expect(within(firstLabel as HTMLElement).getByText('AED 1,250,000')).toBeInTheDocument();
    expect(within(firstLabel as HTMLElement).getByText('1/15/2025')).toBeInTheDocument();
    expect(within(lastLabel as HTMLElement).getByText('AED 1,150,000.50')).toBeInTheDocument();
    expect(within(lastLabel as HTMLElement).getByText('9/20/2025')).toBeInTheDocument();
  });

  it('shows a single price without a line', () => {
    const { container } = render(<PriceHistoryChart points={sale.slice(0, 1)} />);

    expect(screen.getByText('AED 1,250,000')).toBeInTheDocument();
    expect(screen.getByText('1/15/2025')).toBeInTheDocument();
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the price has never changed', () => {
    render(<PriceHistoryChart points={[]} />);

    expect(screen.getByText('No price changes yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  describe('in Arabic', () => {
    afterEach(async () => {
      await setInterfaceLanguage('en');
      localStorage.clear();
    });

    it('labels and formats the prices and dates in Arabic', async () => {
      await setInterfaceLanguage('ar');
      render(<PriceHistoryChart points={rent} />);

      const money = new Intl.NumberFormat('ar', { style: 'currency', currency: 'AED', trailingZeroDisplay: 'stripIfInteger', numberingSystem: 'latn' });
      const date = new Intl.DateTimeFormat('ar', { year: 'numeric', month: 'numeric', day: 'numeric', numberingSystem: 'latn' });
      expect(await tableRows(ar.priceHistory.showAll)).toEqual([
        [date.format(new Date(rent[0]?.at ?? '')), `${money.format(120_000)} ${ar.priceHistory.per.yearly}`.replace(/\s+/g, ' ')],
        [date.format(new Date(rent[1]?.at ?? '')), `${money.format(11_000)} ${ar.priceHistory.per.monthly}`.replace(/\s+/g, ' ')],
      ]);
      expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([ar.priceHistory.date, ar.priceHistory.price]);
      expect(money.format(120_000)).toContain('د.إ');
    });

    it('says when the price has never changed in Arabic', async () => {
      await setInterfaceLanguage('ar');
      render(<PriceHistoryChart points={[]} />);

      expect(screen.getByText(ar.priceHistory.empty)).toBeInTheDocument();
    });
  });
});
