import { H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** A titled group of fields inside a tab. */
export function FieldSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="field-section">
      <H3 className="field-section-title">{title}</H3>
      {children}
    </section>
  );
}

/** Fields side by side on wide screens, one per row on small ones. */
export const FieldGrid = ({ children }: { children: ReactNode }) => <div className="field-grid">{children}</div>;
