import { $isLoggedIn, $location } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { routingErrorText, sidebarToggleClass } from '../routing/shell-texts.ts';
import {
  ConnectionBanner,
  MultipleLoginNotice,
  PolicyBanner,
  PrivateBrowsingBanner,
  TokenModeBanner,
} from './Banners.tsx';
import { FeatureOffPage } from './FeatureOffPage.tsx';
import { Header } from './Header.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { ShellRoutePage } from './ShellRoutePage.tsx';
import { Sidebar } from './Sidebar.tsx';
import { $view } from './view.ts';

export interface ShellProps {
  brand: string;
  support: boolean;
  documentation: boolean;
  privateBrowsing: boolean;
}

/** Chrome around the micro-apps (header, sidebar, banners) and the shell's own pages. */
export function Shell({ brand, support, documentation, privateBrowsing }: ShellProps) {
  const view = useStore($view);
  const location = useStore($location);
  const loggedIn = useStore($isLoggedIn);
  const [sidebar, setSidebar] = useState({ open: false, collapsed: false });
  const [showPrivateWarning, setShowPrivateWarning] = useState(privateBrowsing);

  const chrome = (view.kind === 'app' && view.chrome) || view.kind === 'feature-off';
  useEffect(() => {
    document.getElementById('app-loading')?.toggleAttribute('hidden', view.kind !== 'loading');
    document.body.classList.toggle('with-chrome', chrome);
    document.body.classList.toggle('sidebar-open', chrome && sidebar.open);
    document.body.classList.toggle('sidebar-collapsed', chrome && sidebar.collapsed);
    document.getElementById('app-main')?.toggleAttribute('hidden', view.kind !== 'app');
  }, [view, chrome, sidebar]);

  const toggleSidebar = () => setSidebar(sidebarToggleClass(window.innerWidth, sidebar));

  return (
    <>
      {/* One grid row for the banners and the header, however many banners show. */}
      <div className="shell-top">
        <TokenModeBanner />
        <MultipleLoginNotice />
        <ConnectionBanner />
        {showPrivateWarning ? <PrivateBrowsingBanner onDismiss={() => setShowPrivateWarning(false)} /> : null}
        {chrome ? (
          <>
            <PolicyBanner />
            <Header brand={brand} onToggleSidebar={toggleSidebar} />
          </>
        ) : null}
      </div>
      {chrome ? <Sidebar pathname={location.pathname} support={support} /> : null}
      {view.kind === 'not-found' ? (
        <NotFoundPage
          onErrorRoute={view.onErrorRoute}
          support={support}
          documentation={documentation}
          loggedIn={loggedIn}
        />
      ) : null}
      {view.kind === 'shell-route' ? (
        <ShellRoutePage
          route={view.route}
          support={support}
          documentation={documentation}
          loggedIn={loggedIn}
        />
      ) : null}
      {view.kind === 'feature-off' ? <FeatureOffPage title={view.route.title} reason={view.reason} /> : null}
      {view.kind === 'routing-error' ? (
        <section className="shell-page app-empty" role="alert">
          <h1>{routingErrorText}</h1>
        </section>
      ) : null}
    </>
  );
}
