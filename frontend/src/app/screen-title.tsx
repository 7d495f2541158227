// The browser tab names the screen on show in the interface language (issue 42): a tab, a
// bookmark or the history list then reads like the panel, in Arabic too.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router-dom';
import type { ScreenHandle, ScreenName } from './routes';

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null && 'screen' in handle;
}

/** The screen of the deepest matched route: the one on show. */
function useScreen(): ScreenName | undefined {
  return useMatches()
    .map((match) => match.handle)
    .filter(isScreenHandle)
    .at(-1)?.screen;
}

/** Renders the matched screen and keeps `document.title` on its name as the language changes. */
export function TitledScreen() {
  const { t } = useTranslation();
  const screen = useScreen();
  const title = screen === undefined ? undefined : t('screenTitle.format', { screen: t(`screenTitle.screens.${screen}`) });
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
  return <Outlet />;
}
