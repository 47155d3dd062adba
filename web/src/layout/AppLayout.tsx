import type { ReactNode } from 'react';
import { LeaveGuardProvider } from '../common/LeaveGuard';
import { Layout } from 'react-admin';
import { AssetHistoryPopup } from '../qrStickers/AssetHistoryPopup';
import { Header } from './Header';
import { SideNav } from './SideNav';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <LeaveGuardProvider>
      <Layout
        appBar={Header}
        menu={SideNav}
        sx={{
          // react-admin sizes the layout to fit its content; wide tables scroll inside their card instead.
          minWidth: 0,
          '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar': { minWidth: 0 },
          '& .RaLayout-content': { minWidth: 0, px: { xs: 1, sm: 2.5 }, pt: 2, pb: 4, bgcolor: 'background.default' },
        }}
      >
        {children}
      </Layout>
      {/* Outside the layout, which re-renders its parts when the window crosses a breakpoint. */}
      <AssetHistoryPopup />
    </LeaveGuardProvider>
  );
}
