import { useDirection } from '@radix-ui/react-direction';
import type { ReactElement, ReactNode } from 'react';
import { Building, ChevronsLeft, ChevronsRight, KeyRound, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { Role } from '@/generated/types';
import { ltrText } from '@/components/ltr';
import { MIRROR_IN_RTL } from '@/components/mirrored';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useFormat } from '@/lib/format';
import { vocabulary } from '@/lib/rules';
import { cn } from '@/lib/utils';
import { isActiveRoute, visibleNavItems, type NavBadges } from '../nav';

/** A badge's count: its digits as the user chose them, ungrouped (as the English side bar always showed it). */
const WHOLE = { useGrouping: false } as const;

/** Tooltip open delay inside the side bar (core-panel §9). */
export const SIDEBAR_TOOLTIP_DELAY_MS = 300;

export interface SidebarProps {
  user: { username: string; role: string } | null;
  badges?: NavBadges;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onSignOut: () => void;
  signingOut?: boolean;
  version: string;
  /** The notifications' bell: in the bar's head, or at its foot when collapsed. */
  bell?: ReactNode;
}

function badgeCount(badge: keyof NavBadges | undefined, badges: NavBadges | undefined): number {
  if (badge === undefined) return 0;
  return badges?.[badge] ?? 0;
}

/** Shows `children` with a tooltip when the side bar is collapsed, as they are otherwise. */
function CollapsedTooltip({
  collapsed,
  content,
  children,
}: {
  collapsed: boolean;
  content: ReactNode;
  children: ReactElement;
}) {
  // Beside the bar, towards the screen: on its right, or on its left when the bar is on the right.
  const towardsScreen = useDirection() === 'rtl' ? 'left' : 'right';
  if (!collapsed) return children;
  return (
    <Tooltip delayDuration={SIDEBAR_TOOLTIP_DELAY_MS}>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side={towardsScreen}>{content}</TooltipContent>
    </Tooltip>
  );
}

export function Sidebar({
  user,
  badges,
  collapsed,
  onToggleCollapsed,
  onSignOut,
  signingOut = false,
  version,
  bell,
}: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const format = useFormat();
  const username = user?.username || t('shell.fallbackUsername');
  const role = user?.role ?? '';
  const known = vocabulary('roles').some((term) => term.value === role);
  const roleLabel = known ? t(`shell.roles.${role as Role}`) : role;

  return (
    <aside
      data-collapsed={collapsed}
      className={cn(
        'sticky top-0 flex h-screen shrink-0 flex-col border-e border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200',
        collapsed ? 'w-16' : 'w-72',
      )}
    >
      <div className={cn('flex h-16 items-center gap-3 border-b border-sidebar-border', collapsed ? 'justify-center px-2' : 'px-5')}>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Building className="size-5" aria-hidden />
        </span>
        {!collapsed && (
          <div className="min-w-0 flex-1">
            <p className="truncate text-base leading-tight font-bold">{t('common.appName')}</p>
            <p className="truncate text-xs text-muted-foreground">{t('common.appSubtitle')}</p>
          </div>
        )}
        {/* Beside the name while there is room; at the foot of a collapsed bar. */}
        {!collapsed && bell}
      </div>

      <nav aria-label={t('shell.navigation')} className="flex-1 overflow-y-auto p-2">
        <ul className="grid gap-1">
          {visibleNavItems(user?.role).map((item) => {
            const label = t(`shell.nav.${item.label}`);
            const count = badgeCount(item.badge, badges);
            const own = badgeCount(item.ownBadge, badges);
            const ownBadge = own > 0 && (
              <Badge variant="outline" title={t('shell.myLeads')} data-testid="own-badge">
                <span className="sr-only">{t('shell.myLeads')}: </span>
                {format.number(own, WHOLE)}
              </Badge>
            );
            const active = isActiveRoute(item.href, pathname);
            const Icon = item.icon;
            return (
              <li key={item.href}>
                <CollapsedTooltip
                  collapsed={collapsed}
                  content={
                    <>
                      <span>{label}</span>
                      {count > 0 && <Badge variant="secondary">{format.number(count, WHOLE)}</Badge>}
                      {ownBadge}
                    </>
                  }
                >
                  <Link
                    to={item.href}
                    aria-current={active ? 'page' : undefined}
                    aria-label={collapsed ? label : undefined}
                    className={cn(
                      'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
                      collapsed && 'justify-center px-0',
                      active
                        ? 'bg-primary text-primary-foreground shadow-sm'
                        : 'text-sidebar-foreground/80 hover:bg-muted hover:text-sidebar-foreground',
                    )}
                  >
                    <span className="relative">
                      <Icon className="size-5 shrink-0" aria-hidden />
                      {collapsed && count > 0 && (
                        <span className="absolute -end-1 -top-1 size-2 rounded-full bg-destructive" aria-hidden />
                      )}
                    </span>
                    {!collapsed && <span className="flex-1 truncate">{label}</span>}
                    {!collapsed && count > 0 && (
                      <Badge variant={active ? 'secondary' : 'default'}>{format.number(count, WHOLE)}</Badge>
                    )}
                    {!collapsed && ownBadge}
                  </Link>
                </CollapsedTooltip>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="border-t border-sidebar-border p-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={onToggleCollapsed}
          aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
          aria-expanded={!collapsed}
          className={cn('mb-2 w-full', collapsed ? 'justify-center' : 'justify-start')}
        >
          {/* Points the way the bar moves: towards its own edge to collapse, away to expand. */}
          {collapsed ? <ChevronsRight aria-hidden className={MIRROR_IN_RTL} /> : <ChevronsLeft aria-hidden className={MIRROR_IN_RTL} />}
          {!collapsed && t('shell.collapse')}
        </Button>
        <div className={cn('flex items-center gap-3 rounded-md p-2', collapsed && 'flex-col')}>
          <CollapsedTooltip collapsed={collapsed} content={`${username} · ${roleLabel}`}>
            <span
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground uppercase"
              aria-hidden={!collapsed}
              tabIndex={collapsed ? 0 : undefined}
            >
              {username.charAt(0)}
            </span>
          </CollapsedTooltip>
          {!collapsed && (
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold" {...(user?.username ? ltrText : {})}>
                {username}
              </p>
              <p className="flex items-center gap-2 text-xs text-muted-foreground">
                <span className="truncate">{roleLabel}</span>
                <Badge variant="outline" className="font-mono font-normal rtl:font-sans">
                  {t('common.version', { version })}
                </Badge>
              </p>
            </div>
          )}
          {collapsed && bell}
          <CollapsedTooltip collapsed={collapsed} content={t('shell.account')}>
            <Button variant="ghost" size="icon" asChild>
              <Link to="/account" aria-label={t('shell.account')}>
                <KeyRound aria-hidden />
              </Link>
            </Button>
          </CollapsedTooltip>
          <CollapsedTooltip collapsed={collapsed} content={t('auth.signOut')}>
            <Button
              variant="ghost"
              size="icon"
              onClick={onSignOut}
              disabled={signingOut}
              aria-label={t('auth.signOut')}
            >
              <LogOut aria-hidden className={MIRROR_IN_RTL} />
            </Button>
          </CollapsedTooltip>
        </div>
      </div>
    </aside>
  );
}
