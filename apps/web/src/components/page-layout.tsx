import type { ReactNode } from 'react';
import { OpenSidebarButton } from './open-sidebar-button';
import './page-layout.css';

export function PageLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page">
      <header className="channel-header">
        <OpenSidebarButton />
        <div className="channel-title">
          <h1>{title}</h1>
        </div>
      </header>
      <div className="page-body">{children}</div>
    </section>
  );
}
