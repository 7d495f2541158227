import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalMappingRow, PortalReadiness } from '@/generated/types';
import { answer, mockServer } from '@/test/server';
import { catalogHandlers, renderForm, storedProperty } from './test-support';

// The rules' verdicts are the rules' own business (tested there): here the op answers what
// each case sets, and keeps what the form asked it.
const readinessOp = vi.hoisted(() => ({
  answer: undefined as PortalReadiness[] | undefined,
  inputs: [] as Record<string, unknown>[],
}));

vi.mock('@/generated/wasm/rules', async (importOriginal) => {
  const rules = await importOriginal<typeof import('@/generated/wasm/rules')>();
  return {
    ...rules,
    callIn: (op: string, input: string, language: string) => {
      if (op !== 'property.formReadiness' || readinessOp.answer === undefined) return rules.callIn(op, input, language);
      readinessOp.inputs.push(JSON.parse(input) as Record<string, unknown>);
      return JSON.stringify(readinessOp.answer);
    },
  };
});

afterEach(() => {
  readinessOp.answer = undefined;
  readinessOp.inputs = [];
});

const photos = { code: 'photos', en: 'Bayut needs at least 5 photos (the listing has 3)', ar: 'يحتاج بيوت إلى 5 صور على الأقل (للعقار 3)' } as const;

const blockedOnBayut: PortalReadiness[] = [
  { portal: 'propertyFinder', chosen: false, ready: true, reasons: [] },
  { portal: 'bayut', chosen: true, ready: false, reasons: [photos] },
  { portal: 'dubizzle', chosen: false, ready: false, reasons: [photos] },
];

function mapping(kind: PortalMappingRow['kind'], recordId: number): PortalMappingRow {
  return { kind, recordId, nameEn: 'x', nameAr: 'x', parent: null, mappingId: 1, value: 'mapped', suggestion: null };
}

/** The panel's line for `portal`, once the form and the portals' words have arrived. */
async function lineOf(portal: string) {
  return within(await screen.findByRole('region', { name: 'Portal readiness' })).findByRole('listitem', { name: portal });
}

describe('the portal readiness beside the form', () => {
  it('shows a portal blocked with its reasons, and a reason’s button shows its field', async () => {
    readinessOp.answer = blockedOnBayut;
    mockServer(catalogHandlers());
    renderForm({ property: storedProperty({ publishTo: ['website', 'bayut'] }) });

    const bayut = await lineOf('Bayut');
    expect(within(bayut).getByText('Blocked')).toBeInTheDocument();
    await userEvent.click(within(bayut).getByRole('button', { name: photos.en }));

    expect(screen.getByRole('tab', { name: 'Media', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Image URL')).toHaveFocus();
  });

  it('shows Ready for a portal the rules find nothing against', async () => {
    readinessOp.answer = blockedOnBayut.map((verdict) => ({ ...verdict, ready: true, reasons: [] }));
    mockServer(catalogHandlers());
    renderForm({ property: storedProperty() });

    const bayut = await lineOf('Bayut');
    expect(within(bayut).getByText('Ready')).toHaveClass('bg-emerald-100');
    expect(within(bayut).queryByRole('list')).toBeNull();
  });

  it('tells the rules which portals have words for the listing, and whether its agent has a phone', async () => {
    readinessOp.answer = blockedOnBayut;
    mockServer({
      ...catalogHandlers(),
      // Property Finder knows the category (1), Abdoun's city (1) and Abdoun (1); Bayut only the type.
      'GET /api/portals/propertyFinder/mappings': answer(200, [mapping('category', 1), mapping('city', 1), mapping('region', 1)]),
      'GET /api/portals/bayut/mappings': answer(200, [mapping('propertyType', 2), mapping('city', 1)]),
      'GET /api/agents': answer(200, [
        { id: 4, username: 'noor', fullName: 'Noor Haddad', isActive: true, receivesLeads: true, phone: '+971 50 123 4567' },
        { id: 6, username: 'sami', fullName: 'Sami Aziz', isActive: true, receivesLeads: true, phone: null },
      ]),
    });
    renderForm({ property: storedProperty({ agentId: 4 }) });
    await lineOf('Bayut');

    expect(readinessOp.inputs.at(-1)).toMatchObject({
      mapped: { propertyFinder: { type: true, location: true }, bayut: { type: true, location: false } },
      agentPhone: true,
      advertisingAuthority: null,
      publishTo: ['website'],
    });
    await userEvent.selectOptions(screen.getByLabelText('Responsible agent'), 'Sami Aziz');
    await waitFor(() => {
      expect(readinessOp.inputs.at(-1)).toMatchObject({ agentId: 6, agentPhone: false });
    });
  });
});
