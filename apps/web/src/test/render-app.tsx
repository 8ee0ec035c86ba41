import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onTestFinished } from 'vitest';
import { createApp } from '../app/create-app';
import { AppProviders } from '../app/providers';

/** The real app (router, session, query cache, Mantine) at `path`, in a memory history. */
export function renderApp(path: string) {
  const app = createApp({ initialEntries: [path] });
  onTestFinished(() => app.dispose());
  const user = userEvent.setup();
  const view = render(<AppProviders app={app} env="test" />);
  const location = () => {
    const { pathname, search } = app.router.state.location;
    return `${pathname}${search}`;
  };
  return { app, user, view, location };
}
