// The one route table (core-panel §2 and site-content §2). Every route and /admin alias
// of both specifications is declared here. Screens load lazily, so each route downloads
// only its own code.
import i18n from 'i18next';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { GuestRoute, ProtectedRoute, SIGN_IN_PATH } from '@/features/account';
import type { ScreenText } from '@/i18n';
import { loadClassMerging } from '@/lib/utils';
import { TitledScreen } from './screen-title';

type LazyRoute = NonNullable<RouteObject['lazy']>;

/**
 * A screen's code and the text it shows (`ScreenText` namespaces), fetched together. Text
 * fetched only once the screen renders suspends it, and React then holds the screen back
 * (its reveal throttle, up to 300 ms) on top of the extra round trip: on a first visit that
 * was most of the time to the largest paint of the dashboard and the properties list.
 * The class merging of `cn` comes along too, but for the sign-in page (see lib/utils).
 */
function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
  text: readonly (keyof ScreenText)[] = [],
  { mergesClasses = true }: { mergesClasses?: boolean } = {},
): LazyRoute {
  return async () => {
    const [screen] = await Promise.all([load(), i18n.loadNamespaces([...text]), mergesClasses ? loadClassMerging() : undefined]);
    return { Component: screen.default };
  };
}

const notFound = lazyScreen(() => import('@/features/not-found/routes/not-found'));
const signIn = lazyScreen(() => import('@/features/account/routes/sign-in'), [], { mergesClasses: false });
// The two-factor notice shows on every screen of an administrator yet to enrol.
const shell = lazyScreen(() => import('@/features/shell/components/app-layout'), ['twoFactor']);
const dashboard = lazyScreen(() => import('@/features/dashboard/routes/dashboard'), ['dashboard', 'history']);
const properties = lazyScreen(() => import('@/features/properties/routes/properties-list'), ['properties']);
const importProperties = lazyScreen(() => import('@/features/imports/routes/import-wizard'), ['imports']);
const addProperty = lazyScreen(() => import('@/features/quick-property/routes/add-property'), ['quickProperty']);
const categories = lazyScreen(() => import('@/features/categories/routes/categories'));
const propertyTypes = lazyScreen(() => import('@/features/property-types/routes/property-types'));
const management = lazyScreen(() => import('@/features/management/routes/management'));
const features = lazyScreen(() => import('@/features/property-features/routes/features'));
const companyValues = lazyScreen(() => import('@/features/company-values/routes/company-values'), ['companyValues']);
const contacts = lazyScreen(() => import('@/features/contacts/routes/contacts'), ['contacts']);
const users = lazyScreen(() => import('@/features/users/routes/users'), ['users']);
const trash = lazyScreen(() => import('@/features/trash/routes/trash'), ['trash', 'history']);
const portals = lazyScreen(() => import('@/features/portals/routes/portals'), ['portals']);
const settings = lazyScreen(() => import('@/features/settings/routes/settings'), ['settings']);
const account = lazyScreen(() => import('@/features/account/routes/account'), ['account', 'twoFactor']);
const aboutManagement = lazyScreen(() => import('@/features/about/routes/about-management'), ['about']);
const team = lazyScreen(() => import('@/features/team/routes/team'), ['team']);
const services = lazyScreen(() => import('@/features/services/routes/services'), ['services']);
const serviceForm = lazyScreen(() => import('@/features/services/routes/service-form'), ['services']);
const heroImages = lazyScreen(() => import('@/features/hero-images/routes/hero-images'), ['heroImages']);

export type ScreenName =
  | 'signIn'
  | 'notFound'
  | 'dashboard'
  | 'properties'
  | 'addProperty'
  | 'importProperties'
  | 'categories'
  | 'types'
  | 'contacts'
  | 'portals'
  | 'settings'
  | 'team'
  | 'users'
  | 'trash'
  | 'management'
  | 'services'
  | 'serviceForm'
  | 'features'
  | 'heroImages'
  | 'aboutManagement'
  | 'companyValues'
  | 'account';

export interface ScreenHandle {
  screen: ScreenName;
}

interface ScreenRoutes {
  screen: ScreenName;
  paths: readonly string[];
  /** The screen's code. */
  component: LazyRoute;
}

/** Each path, and the same path under the optional /admin prefix. */
function withAdminAlias(...paths: string[]): string[] {
  return paths.flatMap((path) => (path === '/' ? ['/', '/admin'] : [path, `/admin${path}`]));
}

/** The signed-in screens and every path that shows each of them. */
export const SCREENS: readonly ScreenRoutes[] = [
  { screen: 'dashboard', paths: withAdminAlias('/'), component: dashboard },
  { screen: 'properties', paths: withAdminAlias('/properties'), component: properties },
  {
    screen: 'importProperties',
    paths: withAdminAlias('/properties/import', '/properties/import/:id'),
    component: importProperties,
  },
  { screen: 'addProperty', paths: withAdminAlias('/add-property', '/properties/new'), component: addProperty },
  { screen: 'categories', paths: withAdminAlias('/categories'), component: categories },
  { screen: 'types', paths: withAdminAlias('/types'), component: propertyTypes },
  { screen: 'contacts', paths: withAdminAlias('/contacts', '/contact-requests'), component: contacts },
  { screen: 'portals', paths: withAdminAlias('/portals'), component: portals },
  { screen: 'settings', paths: withAdminAlias('/settings'), component: settings },
  { screen: 'team', paths: withAdminAlias('/team'), component: team },
  { screen: 'users', paths: withAdminAlias('/users'), component: users },
  { screen: 'trash', paths: withAdminAlias('/trash'), component: trash },
  { screen: 'management', paths: withAdminAlias('/management'), component: management },
  // Each tab, and each full-page form, has an address of its own: a reload stays there.
  { screen: 'services', paths: withAdminAlias('/services', '/services/:section'), component: services },
  {
    screen: 'serviceForm',
    paths: withAdminAlias('/services/:section/new', '/services/:section/:id/edit'),
    component: serviceForm,
  },
  { screen: 'features', paths: withAdminAlias('/features', '/features-management'), component: features },
  { screen: 'heroImages', paths: ['/admin/hero-images'], component: heroImages },
  { screen: 'aboutManagement', paths: withAdminAlias('/about-management'), component: aboutManagement },
  {
    screen: 'companyValues',
    paths: withAdminAlias('/company-values', '/company-values-management'),
    component: companyValues,
  },
  { screen: 'account', paths: withAdminAlias('/account'), component: account },
];

function handle(screen: ScreenName): ScreenHandle {
  return { screen };
}

const tree: RouteObject[] = [
  {
    element: <GuestRoute />,
    children: [{ path: SIGN_IN_PATH, handle: handle('signIn'), lazy: signIn }],
  },
  {
    element: <ProtectedRoute />,
    children: [
      {
        lazy: shell,
        children: SCREENS.flatMap(({ screen, paths, component }) =>
          paths.map((path) => ({ path, handle: handle(screen), lazy: component })),
        ),
      },
    ],
  },
  { path: '*', handle: handle('notFound'), lazy: notFound },
];

/**
 * The table under one root that shows a spinner while the first screen's code loads and
 * names the tab after the screen on show.
 */
export const routes: RouteObject[] = [{ HydrateFallback: FullScreenSpinner, Component: TitledScreen, children: tree }];
