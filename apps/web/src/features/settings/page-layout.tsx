import type { ReactNode } from 'react';
import { Icon } from '../../components/dialog';
import { openSidebar } from '../channels/sidebar-state';

export function PageLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page">
      <header className="channel-header">
        <button
          type="button"
          className="icon-button mobile-only"
          aria-label="Open sidebar"
          onClick={openSidebar}
        >
          <Icon name="menu" />
        </button>
        <div className="channel-title">
          <h1>{title}</h1>
        </div>
      </header>
      <div className="page-body">{children}</div>
    </section>
  );
}
