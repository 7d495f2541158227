import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PortalReadiness } from '@/generated/types';
import i18n, { setInterfaceLanguage } from '@/i18n';
import ar from '@/i18n/property-form.ar.json';
import { ReadinessPanel } from './readiness-panel';

const photos = { code: 'photos', en: 'Bayut needs at least 5 photos (the listing has 2)', ar: 'يحتاج بيوت إلى 5 صور على الأقل (للعقار 2)' } as const;
const typeUnmapped = {
  code: 'typeUnmapped',
  en: "The listing's type and category have no Bayut property type: map them in Portals",
  ar: 'لا يقابل نوع العقار ولا تصنيفه نوعًا في بيوت: اربطهما في شاشة البوابات',
} as const;

const verdicts: PortalReadiness[] = [
  { portal: 'propertyFinder', chosen: true, ready: true, reasons: [] },
  { portal: 'bayut', chosen: true, ready: false, reasons: [photos, typeUnmapped] },
  { portal: 'dubizzle', chosen: false, ready: false, reasons: [photos] },
];

function line(portal: string) {
  return within(screen.getByRole('region', { name: 'Portal readiness' })).getByRole('listitem', { name: portal });
}

describe('the portal readiness panel', () => {
  beforeAll(async () => {
    await i18n.loadNamespaces('propertyForm');
  });

  it('says Ready or Blocked for each portal, with the reasons it is blocked for', () => {
    render(<ReadinessPanel readiness={verdicts} />);

    expect(within(line('Property Finder')).getByText('Ready')).toHaveClass('bg-emerald-100');
    expect(within(line('Bayut')).getByText('Blocked')).toHaveClass('bg-red-100');
    expect(within(line('Bayut')).getByText(photos.en)).toBeInTheDocument();
    expect(within(line('Bayut')).getByText(typeUnmapped.en)).toBeInTheDocument();
  });

  it('mutes a portal the listing is not published to, and says so', () => {
    render(<ReadinessPanel readiness={verdicts} />);

    expect(line('dubizzle')).toHaveClass('text-muted-foreground');
    expect(within(line('dubizzle')).getByText('Not chosen')).toBeInTheDocument();
    expect(within(line('dubizzle')).getByText('Blocked')).toHaveClass('bg-muted');
    expect(within(line('Bayut')).queryByText('Not chosen')).toBeNull();
  });

  it('makes a reason pointing to a field a button that shows it; the others stay text', async () => {
    const onShow = vi.fn();
    render(<ReadinessPanel readiness={verdicts} showable={new Set(['photos'])} onShow={onShow} />);

    await userEvent.click(within(line('Bayut')).getByRole('button', { name: photos.en }));

    expect(onShow).toHaveBeenCalledWith('photos');
    expect(within(line('Bayut')).queryByRole('button', { name: typeUnmapped.en })).toBeNull();
  });

  describe('in Arabic', () => {
    afterEach(async () => {
      await setInterfaceLanguage('en');
      localStorage.clear();
    });

    it('names the portals and words the reasons in Arabic', async () => {
      await setInterfaceLanguage('ar');
      render(<ReadinessPanel readiness={verdicts} />);

      const bayut = within(screen.getByRole('region', { name: ar.readiness.title })).getByRole('listitem', { name: 'بيوت' });
      expect(within(bayut).getByText(photos.ar)).toBeInTheDocument();
      expect(within(bayut).getByText(ar.readiness.blocked)).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    });
  });
});
