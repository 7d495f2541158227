import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip';
import { Sidebar, type SidebarProps } from './sidebar';

function renderSidebar(props: Partial<SidebarProps> = {}, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TooltipProvider>
        <Sidebar
          user={{ username: 'admin', role: 'admin' }}
          collapsed={false}
          onToggleCollapsed={() => undefined}
          onSignOut={() => undefined}
          version="1.2.3"
          {...props}
        />
      </TooltipProvider>
    </MemoryRouter>,
  );
}

const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('side bar', () => {
  it("carries the product name 'real estate' and 'Admin Panel'", () => {
    renderSidebar();
    expect(screen.getByText('real estate')).toBeInTheDocument();
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
  });

  it('shows Users to an admin', () => {
    renderSidebar();
    expect(within(navigation()).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  });

  it('hides Users from other roles', () => {
    renderSidebar({ user: { username: 'editor', role: 'user' } });
    expect(within(navigation()).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(within(navigation()).getAllByRole('link')).toHaveLength(11);
  });

  it('marks the current entry', () => {
    renderSidebar({}, '/admin/properties');
    expect(within(navigation()).getByRole('link', { name: 'Properties' })).toHaveAttribute('aria-current', 'page');
    expect(within(navigation()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('shows badges above zero only', () => {
    renderSidebar({ badges: { properties: 7, contactRequests: 0 } });
    expect(within(navigation()).getByRole('link', { name: /Properties/ })).toHaveTextContent('7');
    expect(within(navigation()).getByRole('link', { name: 'Contact Requests' })).toHaveTextContent(/^Contact Requests$/);
  });

  it("shows the username, or 'Administrator' without one, with role label and version", () => {
    renderSidebar({ user: { username: '', role: 'admin' } });
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(screen.getByText('v1.2.3')).toBeInTheDocument();
  });

  it('collapsed, is 64 px wide and tells label and badge in a tooltip', async () => {
    const { container } = renderSidebar({ collapsed: true, badges: { properties: 4 } });
    expect(container.querySelector('aside')).toHaveClass('w-16');

    await userEvent.hover(within(navigation()).getByRole('link', { name: 'Properties' }));

    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Properties');
    expect(tooltip).toHaveTextContent('4');
  });

  it('expanded, is 288 px wide', () => {
    const { container } = renderSidebar();
    expect(container.querySelector('aside')).toHaveClass('w-72');
  });
});
